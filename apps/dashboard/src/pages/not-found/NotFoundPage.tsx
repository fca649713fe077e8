import { Text } from "@mantine/core";
import { AppLink } from "../../components/AppLink";
import { PageHeader } from "../../components/PageHeader";

export default function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <Text>
        There is no page at this address. <AppLink to="/">Go to the overview</AppLink>.
      </Text>
    </>
  );
}
