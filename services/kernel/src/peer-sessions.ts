import type { Http2Session } from "node:http2";
import { Http2SessionManager } from "@connectrpc/connect-node";

/** What each call may receive before the caller acknowledges it: a page of hundreds of offers. */
const STREAM_WINDOW_BYTES = 4 * 1024 * 1024;
/** What all calls on the session together may: as grpc-go's largest (16 MiB). */
const SESSION_WINDOW_BYTES = 16 * 1024 * 1024;

/**
 * The HTTP/2 sessions to one peer (Connect's manager: it connects, reconnects, pings and closes
 * idle sessions), with receive windows that fit the answers peers send. HTTP/2's default is 64 KiB
 * for a stream and for the whole session: ten concurrent 56 KB search pages then wait on each
 * other's WINDOW_UPDATE frames, and a raw exchange of such pages costs a quarter more CPU (issue 17).
 * The windows bound what a peer may send ahead of what is read: a unary answer is read as it comes;
 * a stream whose reader lags could hold up to the session's window in memory.
 */
export class PeerSessions extends Http2SessionManager {
  private readonly widened = new WeakSet<Http2Session>();

  constructor(baseUrl: string) {
    super(baseUrl, undefined, { settings: { initialWindowSize: STREAM_WINDOW_BYTES } });
  }

  override request(...args: Parameters<Http2SessionManager["request"]>): ReturnType<Http2SessionManager["request"]> {
    return super.request(...args).then((stream) => {
      // The session's own window is not a setting: it is raised once, on its first stream.
      const session = stream.session;
      if (session !== undefined && !session.destroyed && !this.widened.has(session)) {
        this.widened.add(session);
        try {
          session.setLocalWindowSize(SESSION_WINDOW_BYTES);
        } catch {
          // A session torn down since the stream opened: the wider window only saves frames, and the
          // stream reports the session's end itself.
        }
      }
      return stream;
    });
  }
}
