import { useApi } from "../../api/api-context";
import { unwrap } from "../../api/errors";
import { usePagedQuery } from "../../api/paged";
import { queryKeys } from "../../api/query-keys";
import type { Signer } from "../../api/schema";

export function useSigners() {
  const api = useApi();
  return usePagedQuery<Signer>({
    queryKey: queryKeys.signers,
    fetchPage: (cursor) => unwrap(api.GET("/signers", { params: { query: { limit: 25, cursor } } })),
  });
}
