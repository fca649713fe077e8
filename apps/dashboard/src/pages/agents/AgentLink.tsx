import { AppLink } from "../../components/AppLink";

/** An agent's name, linking to its log's page. */
export function AgentLink({ agentId }: { agentId: string }) {
  return (
    <AppLink to={`/agents/${encodeURIComponent(agentId)}`} style={{ overflowWrap: "anywhere" }}>
      {agentId}
    </AppLink>
  );
}
