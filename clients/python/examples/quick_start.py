# The README's quick start, as a file: test/e2e/install/packed-clients.test.ts installs the wheel
# into a fresh venv and runs it against a running stack.
import os

import ctxlog

client = ctxlog.Client(base_url=os.environ.get("CTXLOG_URL", "http://127.0.0.1:3000/v1"),
                       api_key=os.environ["CTXLOG_API_KEY"])  # a key from the dashboard or the CLI
ctx = client.contexts.create(agent_id="planner-7", context_data={"task": "summarize"}, metadata={"run": 42})
print("created", ctx.context_id, ctx.context_hash)  # keep ctx.receipt to audit with later
for c in client.contexts.list(agent_id="planner-7"):  # follows the cursors
    print("listed", c.context_id, c.status)
print("read", client.contexts.get(ctx.context_id).status)
