// An input-required round trip with the official TypeScript SDK (versions pinned in
// run.sh): v1 (`@modelcontextprotocol/sdk`, the newest of that package, which speaks up
// to 2025-11-25: the question arrives as an `elicitation/create` request) and v2
// (`@modelcontextprotocol/client`, pinned to 2026-07-28: the question arrives in an
// `InputRequiredResult` and the SDK retries with the answers).
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';

const url = new URL(process.argv[2]);
const info = { name: 'mcp-content-sdk-check', version: '1.0.0' };

function check(label, result) {
  const text = result?.content?.[0]?.text;
  if (result?.isError || text !== 'Hello, Alice!') {
    console.error(`FAIL ${label}: ${JSON.stringify(result)}`);
    process.exit(1);
  }
  console.log(`ok   ${label}: ${text}`);
}

{
  const client = new ClientV1(info, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { name: 'Alice' } }));
  await client.connect(new TransportV1(url));
  check(`typescript sdk v1 (${client.getServerVersion()?.name}, 2025-11-25)`,
    await client.callTool({ name: 'test_input_required_result_elicitation', arguments: {} }));
  await client.close();
}

{
  const client = new ClientV2(info, {
    capabilities: { elicitation: {} },
    versionNegotiation: { mode: { pin: '2026-07-28' } },
  });
  client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { name: 'Alice' } }));
  await client.connect(new TransportV2(url));
  check('typescript client v2 (2026-07-28)',
    await client.callTool({ name: 'test_input_required_result_elicitation', arguments: {} }));
  await client.close();
}
