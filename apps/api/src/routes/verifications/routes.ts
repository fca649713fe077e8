import { defineRoute, type RouteSpec } from "../route-spec";
import { listResponseSchema } from "../shared-schemas";
import { createVerification } from "./create-verification";
import { getVerification } from "./get-verification";
import { listVerifications } from "./list-verifications";
import {
  createVerificationBodySchema,
  listVerificationsQuerySchema,
  verificationIdParamsSchema,
  verificationSchema,
} from "./schemas";

const common = { tag: "Verifications", permission: "contexts:verify" } as const;

/** Verification endpoints: every key type may verify (public keys: public contexts by id). */
export const verificationRoutes: RouteSpec[] = [
  defineRoute({
    ...common,
    method: "post",
    path: "/verifications",
    operationId: "createVerification",
    scope: "contexts",
    summary: "Verify a context (by id, or data you hold against a transaction) on the chain",
    body: createVerificationBodySchema,
    success: {
      status: 200,
      description: "The verification, with each check and why it failed (a failed check is still a 200)",
      schema: verificationSchema,
      headers: [
        {
          name: "Location",
          required: true,
          description: "The stored verification, `/v1/verifications/{verification_id}`.",
        },
      ],
    },
    errors: [400, 403, 404, 413, 415],
    handler: createVerification,
  }),
  defineRoute({
    ...common,
    method: "get",
    path: "/verifications",
    operationId: "listVerifications",
    scope: "verifications",
    summary: "List verifications, newest first",
    query: listVerificationsQuerySchema,
    success: {
      status: 200,
      description: "A page of verifications",
      schema: listResponseSchema(verificationSchema, "VerificationList"),
    },
    errors: [400, 403],
    handler: listVerifications,
  }),
  defineRoute({
    ...common,
    method: "get",
    path: "/verifications/:id",
    operationId: "getVerification",
    scope: "verifications",
    summary: "Read one verification",
    params: verificationIdParamsSchema,
    success: { status: 200, description: "The verification", schema: verificationSchema },
    errors: [403, 404],
    handler: getVerification,
  }),
];
