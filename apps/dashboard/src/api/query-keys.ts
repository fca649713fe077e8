// Every query key in one place, so mutations invalidate exactly what they change.
export const queryKeys = {
  session: ["session"] as const,
  overview: ["overview"] as const,
  keys: (filters: object) => ["keys", filters] as const,
  keysAll: ["keys"] as const,
  contexts: (filters: object) => ["contexts", "list", filters] as const,
  contextsAll: ["contexts"] as const,
  context: (id: string) => ["contexts", "one", id] as const,
  webhooks: ["webhooks", "list"] as const,
  webhooksAll: ["webhooks"] as const,
  webhook: (id: string) => ["webhooks", "one", id] as const,
  deliveries: (webhookId: string, filters: object) => ["webhooks", "deliveries", webhookId, filters] as const,
  deliveriesOf: (webhookId: string) => ["webhooks", "deliveries", webhookId] as const,
  delivery: (webhookId: string, deliveryId: string) =>
    ["webhooks", "delivery", webhookId, deliveryId] as const,
  verifications: (filters: object) => ["verifications", "list", filters] as const,
  verificationsAll: ["verifications"] as const,
  verification: (id: string) => ["verifications", "one", id] as const,
  signers: ["signers"] as const,
  people: ["people", "accounts"] as const,
  /** people and invitations: changing one changes the other's list too */
  peopleAll: ["people"] as const,
  invitations: ["people", "invitations"] as const,
};
