export { type ReceivedRequest, type Receiver, type Reply, startReceiver } from "./receiver";
