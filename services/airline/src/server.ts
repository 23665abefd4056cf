import {
  defined,
  hostSettings,
  openStorage,
  startServiceHost,
  systemClock,
  type Clock,
  type Logger,
  type ServiceHost,
} from "@tarmac/kernel";
import { AirlineService } from "@tarmac/proto/tarmac/airline/v1/airline_pb.js";
import type { AirlineConfig } from "./config.js";
import { AirlineServiceImpl } from "@tarmac/airline-port";
import { airlineRoutes } from "./routes.js";
import { openSandboxAirline, type SandboxAirline } from "./sandbox/sandbox-airline.js";
import { MemoryReservationJournal } from "./sandbox/store/memory-reservation-journal.js";
import { MongoReservationJournal } from "./sandbox/store/mongo-reservation-journal.js";
import type { ReservationJournal } from "./sandbox/store/reservation-journal.js";
import { airlineCallerPolicy } from "./grpc/caller-policy.js";

export interface AirlineServiceOverrides {
  readonly clock?: Clock;
  /** A journal the caller owns (a restart in tests); otherwise MONGODB_URI picks MongoDB or memory. */
  readonly journal?: ReservationJournal;
}

export interface StartedAirlineService extends ServiceHost {
  /** The airline it serves (tests set up occupied seats through it). */
  readonly airline: SandboxAirline;
}

/** Serves the sandbox airline over tarmac.airline.v1 on one HTTP/2 port, its reservations in its journal. */
export async function startAirlineService(
  config: AirlineConfig,
  logger: Logger,
  overrides: AirlineServiceOverrides = {},
): Promise<StartedAirlineService> {
  const clock = overrides.clock ?? systemClock;
  const owned = overrides.journal
    ? undefined
    : await openStorage<ReservationJournal>("airline reservations", config, logger, {
        inMemory: () => new MemoryReservationJournal(),
        onMongo: (db) => MongoReservationJournal.open(db),
      });
  const journal = overrides.journal ?? owned?.value;
  try {
    const airline = await openSandboxAirline({
      clock,
      ticketingDelayMs: config.ticketingDelayMs,
      journal: defined(journal, "the reservation journal"),
    });
    const host = await startServiceHost({
      callerAuth: config.callerAuth,
      callerPolicy: airlineCallerPolicy,
      ...hostSettings(config),
      name: "airline",
      services: [AirlineService],
      routes: airlineRoutes(new AirlineServiceImpl(airline)),
      logger,
      dependencies: owned?.probe ? [owned.probe] : [],
      ...(owned && { release: owned.close }),
    });
    return { ...host, airline };
  } catch (error) {
    await owned?.close();
    throw error;
  }
}
