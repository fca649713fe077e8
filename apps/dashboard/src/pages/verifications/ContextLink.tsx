import { CopyableId } from "../../components/CopyButton";

/** The context a verification was about, linked and copyable; "—" when the caller supplied the data. */
export function ContextLink({ id }: { id: string | null }) {
  if (!id) return <>—</>;
  return <CopyableId id={id} what="context id" to={`/contexts/${id}`} />;
}
