export { EVENT_TYPES, isEventType, type EventType } from "./domain/event-catalogue.js";
