import { Skeleton } from "@mantine/core";
import type { ReactNode } from "react";
import { AppLink } from "./AppLink";
import { ErrorAlert } from "./ErrorAlert";
import { PageHeader } from "./PageHeader";

interface Props<T> {
  /** the heading and the tab's title */
  title: string;
  /** the heading drawn otherwise than as plain text (e.g. a URL that wraps at its slashes) */
  heading?: ReactNode;
  /** the record's query (useQuery) */
  query: { data?: T; error: unknown; isPending: boolean };
  /** the list the record belongs to */
  back: { to: string; label: string };
  /** beside the title once the record is loaded: its status, what can be done with it */
  header?: (record: T) => ReactNode;
  /** the height of the placeholder while the record loads, close to the record's own */
  skeletonHeight: number;
  children: (record: T) => ReactNode;
}

/**
 * The page of one record: its title, a link back to its list, then the record once it is loaded
 * (a placeholder before; the API's refusal in words if it fails).
 */
export function RecordPage<T>({ title, heading, query, back, header, skeletonHeight, children }: Props<T>) {
  const record = query.data;
  return (
    <>
      <PageHeader title={title} heading={heading}>
        {record && header ? header(record) : null}
      </PageHeader>
      <AppLink to={back.to} size="sm" mb="md" display="inline-block">
        {back.label}
      </AppLink>
      {query.error ? <ErrorAlert error={query.error} mb="md" /> : null}
      {query.isPending ? <Skeleton height={skeletonHeight} /> : null}
      {record ? children(record) : null}
    </>
  );
}
