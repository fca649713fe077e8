import { AppError, checkWebhookUrl, generateWebhookSecret, webhookSecretProblem } from "@ctxlog/core";
import { createWebhook as insertWebhook, WebhookLimitError } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { ApiEnv } from "../../env";
import type { RouteHandler } from "../route-spec";
import { webhookResource } from "./resources";
import type { createWebhookBodySchema } from "./schemas";

/** The URL rules of this deployment; the worker checks the address again on every connection. */
export function checkedWebhookUrl(env: ApiEnv, raw: string): string {
  const result = checkWebhookUrl(raw, {
    allowInsecure: env.WEBHOOK_ALLOW_INSECURE_URLS,
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_URLS,
  });
  if (!result.ok) {
    throw new AppError("VALIDATION_ERROR", `Invalid request body — url: ${result.problem}`, {
      details: [{ path: "url", message: result.problem }],
    });
  }
  return result.url;
}

/** POST /v1/webhooks — the only response that ever shows the secret. */
export function createWebhook({
  db,
  env,
  secretsKeyring,
}: ApiDeps): RouteHandler<{ body: typeof createWebhookBodySchema }> {
  return async ({ body, auth, res }) => {
    const url = checkedWebhookUrl(env, body.url);
    if (body.secret !== undefined) {
      const problem = webhookSecretProblem(body.secret);
      if (problem) {
        throw new AppError("VALIDATION_ERROR", `Invalid request body — secret: ${problem}`, {
          details: [{ path: "secret", message: problem }],
        });
      }
    }
    const secret = body.secret ?? generateWebhookSecret();
    let row: Awaited<ReturnType<typeof insertWebhook>>;
    try {
      row = await insertWebhook(db, {
        userId: auth.userId,
        url,
        events: body.events,
        description: body.description ?? "",
        rateLimit: body.rate_limit ?? null,
        secret,
        keyring: secretsKeyring,
        maxPerUser: env.WEBHOOK_MAX_PER_USER,
      });
    } catch (err) {
      if (err instanceof WebhookLimitError) throw new AppError("CONFLICT", `${err.message}.`, { cause: err });
      throw err;
    }
    res.setHeader("Location", `/v1/webhooks/${row.id}`);
    res.status(201).json({ ...webhookResource(row), secret });
  };
}
