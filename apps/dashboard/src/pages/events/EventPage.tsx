import { useParams } from "react-router";
import { RecordPage } from "../../components/RecordPage";
import { EventCard } from "./EventCard";
import { useEvent } from "./use-events";

export default function EventPage() {
  const { eventId = "" } = useParams();
  const event = useEvent(eventId);
  return (
    <RecordPage
      title={`Event ${eventId}`}
      query={event}
      back={{ to: "/events", label: "All events" }}
      skeletonHeight={160}
    >
      {(record) => <EventCard event={record} open />}
    </RecordPage>
  );
}
