import {
  type AnchorObservation,
  type AnchorReader,
  ChainReadError,
  createAnchorReader,
  createRpcClient,
  type ReadAnchorRequest,
  type RpcClient,
} from "@ctxlog/chain";
import { AppError } from "@ctxlog/core";
import type { Logger } from "pino";
import type { Address } from "viem";

/** The API's read-only view of the chain, for verification. */
export interface ChainAccess {
  /** the configured registry (REGISTRY_ADDRESS) */
  registryAddress: Address;
  /** Throws SERVICE_UNAVAILABLE when the node cannot be asked: nothing can be concluded then. */
  read(request: ReadAnchorRequest): Promise<AnchorObservation>;
  /** An address's native balance in wei; null when the node cannot say (the overview shows none). */
  balanceOf(address: Address): Promise<bigint | null>;
  /** The one client of RPC_URL, for readers that keep the node's answers as given (evidence packs). */
  client: RpcClient;
}

export interface ChainAccessConfig {
  rpcUrl: string;
  registryAddress: string;
  chainId?: number;
  timeoutMs: number;
}

/**
 * RPC_URL often embeds a provider key (https://…/v2/<key>), and RPC errors quote the URL they
 * called: every URL is blanked out before an error's text reaches a log line.
 */
export function redactUrls(text: string): string {
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi, "[url]");
}

export function createChainAccess(config: ChainAccessConfig, logger: Logger): ChainAccess {
  const client = createRpcClient(config.rpcUrl, { timeoutMs: config.timeoutMs });
  const reader: AnchorReader = createAnchorReader(client, { expectedChainId: config.chainId });
  return {
    client,
    registryAddress: config.registryAddress as Address,
    async read(request) {
      try {
        return await reader.read(request);
      } catch (error) {
        const kind = error instanceof ChainReadError ? error.kind : "other";
        const detail = redactUrls(error instanceof Error ? error.message : String(error));
        logger.warn({ kind, detail }, "verification: cannot read the chain");
        const why =
          kind === "chain_mismatch"
            ? "the configured RPC node serves another chain than CHAIN_ID"
            : kind === "unreachable"
              ? "the chain's RPC node is unreachable"
              : "the chain's RPC node could not answer";
        // No cause attached: the RPC error text carries the endpoint URL.
        throw new AppError("SERVICE_UNAVAILABLE", `Cannot verify now: ${why}. Retry with backoff.`);
      }
    },
    async balanceOf(address) {
      try {
        return await client.getBalance({ address });
      } catch (error) {
        const detail = redactUrls(error instanceof Error ? error.message : String(error));
        logger.debug({ detail }, "overview: cannot read the signer's balance");
        return null;
      }
    },
  };
}
