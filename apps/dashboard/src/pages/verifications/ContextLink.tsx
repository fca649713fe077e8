import { AppLink } from "../../components/AppLink";

/** The context a verification was about; "—" when the caller supplied the data. */
export function ContextLink({ id }: { id: string | null }) {
  if (!id) return <>—</>;
  return <AppLink to={`/contexts/${id}`}>{id}</AppLink>;
}
