/** The path of the assistants' endpoint, which the gateway serves (`serve --mcp`) and the OpenAPI document describes. */
export const MCP_PATH = '/mcp';
