export { runCli, type CliEnvironment } from "./cli.js";
export { adminClients, connectClients, PeerCallError, type AdminClients, type ServiceUrls } from "./clients.js";
export { GROUPS } from "./commands/index.js";
export { parseRupees, formatRupees } from "./rupees.js";
export { SCOPE_NAMES, type ScopeName } from "./scopes.js";
