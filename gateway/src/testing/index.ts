export { operationResolver } from "./openapi/operation-resolver.js";
export {
  EXAMPLES_RECORDED_AT,
  RECORDED_EXAMPLES_URL,
  recordedExamples,
  type OperationExamples,
  type RecordedExamples,
} from "../openapi/recorded-examples.js";
export { ClientExchanges } from "./openapi/client-exchanges.js";
