export { TcpProxy } from "./tcp-proxy.js";
export { NATS_URL, natsAddress, requireJetStream, uniqueStream, readStream, type StoredEvent } from "./nats.js";
