/**
 * Where a context came from, as an integration (@ctxlog/openai-agents, @ctxlog/langchain,
 * @ctxlog/mcp-proxy) records it in every context's metadata under CONTEXT_SOURCE_KEY: hashed and
 * signed with the rest, and shown by the console beside each entry. Pure (no Node API): the
 * dashboard imports this file from source.
 */
export const CONTEXT_SOURCE_KEY = "ctxlog_source";

export interface ContextSource {
  /** the integration's package, e.g. `@ctxlog/langchain` */
  name: string;
  /** its version, as installed */
  version: string;
  /** the framework it runs with, `<package>@<version>` (the version left out when unknown) */
  library: string;
}
