// A TypeScript SDK (npm `@modelcontextprotocol/sdk`) server with one tool per structured
// result shape. The SDK takes object output schemas only, so the list, string and number
// tools wrap their value by hand as `{ result: ... }` with no marker: a reader must not unwrap.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "typescript-sdk-fixtures", version: "1.0.0" });

const tool = (name, description, outputSchema, value) =>
  server.registerTool(name, { description, outputSchema }, async () => ({
    content: [{ type: "text", text: JSON.stringify(value) }],
    structuredContent: value,
  }));

tool("weather_object", "An object result.", { city: z.string(), temperature: z.number() },
  { city: "Paris", temperature: 21.5 });
tool("cities_list", "A list result, wrapped by hand.", { result: z.array(z.string()) },
  { result: ["Paris", "Oslo", "Lima"] });
tool("greeting_string", "A string result, wrapped by hand.", { result: z.string() },
  { result: "hello, world" });
tool("answer_number", "A number result, wrapped by hand.", { result: z.number() },
  { result: 42.5 });

await server.connect(new StdioServerTransport());
