export { crashAfter, crashBefore, decorateOnce, InjectedCrash } from "./decorate-once.js";
