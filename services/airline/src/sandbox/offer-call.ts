import { neverAnswers } from "./never-answers.js";
import { keyFlights, type OfferKey, parseOfferKey } from "./offer-key.js";
import { invalidOfferKey, systemError } from "./provider-faults.js";
import { type ScenarioKind, scenarioOfFlights } from "./scenario-flights.js";

/**
 * What every call about an existing offer goes through first, as at an airline: a key it cannot
 * read is rejected; then the failure scenarios of the offer's flights play out (an airline that
 * fails or never answers does so whatever was asked); only then does `answer` run, told the
 * offer's scenario for the refusals that depend on the question.
 */
export async function aboutOffer<T>(
  keyText: string,
  signal: AbortSignal | undefined,
  answer: (key: OfferKey, scenario: ScenarioKind | undefined) => T,
): Promise<T> {
  signal?.throwIfAborted();
  const key = parseOfferKey(keyText);
  if (key === undefined) throw invalidOfferKey(keyText);
  const scenario = scenarioOfFlights(keyFlights(key).map((f) => f.flightNo));
  if (scenario === "TIMEOUT") return neverAnswers(signal);
  if (scenario === "PROVIDER_ERROR") throw systemError();
  return answer(key, scenario);
}
