export { runVerificationChecks } from "./checks";
export { type VerificationCompletedData, type VerificationView, verificationCompletedData } from "./event";
export {
  describeSignerPeriod,
  type PublishedSigner,
  SIGNER_PERIOD_SKEW_MS,
  type SignerValidity,
  signerValidAt,
} from "./signers";
export {
  type AnchoredLogEvidence,
  type AnchoredRoot,
  type ChainObservation,
  type StoredEvidence,
  TREE_HEAD_CHECK_NAMES,
  VERIFICATION_CHECK_NAMES,
  type VerificationCheck,
  type VerificationCheckName,
  type VerificationData,
  type VerificationInput,
  type VerificationOutcome,
} from "./types";
export {
  CHECK_STATUSES,
  type CheckStatus,
  checkStatus,
  isVerified,
  VERIFICATION_VERDICTS,
  type VerificationVerdict,
  verificationVerdict,
} from "./verdict";
