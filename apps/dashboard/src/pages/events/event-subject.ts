import type { RecordedEvent } from "./use-events";

/** A record an event is about: what it is, its id, and its page (none for a test event's sample ids). */
export interface Subject {
  what: "context" | "agent" | "verification" | "webhook";
  id: string;
  to: string | null;
}

/**
 * The records an event names, from its envelope: a context event's context and agent, a
 * verification's record and agent, a disabled webhook. A test event's ids are made up (its sample
 * data): they are shown, not linked, since no page has them.
 */
export function subjectsOf(envelope: RecordedEvent["envelope"]): Subject[] {
  const page = (to: string) => (envelope.test ? null : to);
  const agent = (id: string): Subject => ({
    what: "agent",
    id,
    to: page(`/agents/${encodeURIComponent(id)}`),
  });
  switch (envelope.event) {
    case "context.created":
    case "context.confirmed":
    case "context.failed":
    case "context.erased": {
      const { context_id, agent_id } = envelope.data;
      return [{ what: "context", id: context_id, to: page(`/contexts/${context_id}`) }, agent(agent_id)];
    }
    case "verification.completed": {
      const { verification_id, agent_id } = envelope.data;
      return [
        { what: "verification", id: verification_id, to: page(`/verifications/${verification_id}`) },
        agent(agent_id),
      ];
    }
    case "webhook.disabled":
      return [
        { what: "webhook", id: envelope.data.webhook_id, to: page(`/webhooks/${envelope.data.webhook_id}`) },
      ];
  }
}
