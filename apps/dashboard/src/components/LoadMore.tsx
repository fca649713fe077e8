import { Button, Center } from "@mantine/core";

interface Props {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** Cursor paging: the next page is appended below; the button is absent on the last page. */
export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage }: Props) {
  if (!hasNextPage) return null;
  return (
    <Center mt="md">
      <Button variant="default" loading={isFetchingNextPage} onClick={() => fetchNextPage()}>
        Load more
      </Button>
    </Center>
  );
}
