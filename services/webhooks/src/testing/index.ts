export { webhookReceiver, type ReceivedWebhook } from "./webhook-receiver.js";
