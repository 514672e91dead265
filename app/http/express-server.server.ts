import http from 'node:http'

/**
 * What this module needs of an Express app: its handler and the prototypes it gives every request
 * and response (`app.request`, `app.response`).
 */
export type ExpressApp = http.RequestListener & { request: object; response: object }

type Constructor<Args extends unknown[]> = new (...args: Args) => object

/**
 * A constructor for Node's HTTP server (its `IncomingMessage` or `ServerResponse` option) whose
 * objects are built by Node's own class but have `prototype` from the start.
 */
function withPrototype<Args extends unknown[]>(
  NodeClass: Constructor<Args>,
  prototype: object,
): Constructor<Args> {
  function Built(...args: Args): object {
    return Reflect.construct(NodeClass, args, Built)
  }
  Built.prototype = prototype
  return Built as unknown as Constructor<Args>
}

/**
 * The HTTP server of an Express app, like `app.listen` makes it (`http.createServer(app)`), except
 * that its requests and responses are created with the app's prototypes (`app.request`,
 * `app.response`) rather than given them afterwards (issue #10 §2).
 *
 * Express 5 gives them afterwards: `Object.setPrototypeOf(req, app.request)` and the same for `res`,
 * on every request. V8 then moves both objects to slow (dictionary) properties, each with a hidden
 * class of its own. Measured with `--trace-gc-nvp` on a bare server (express, pino-http, helmet,
 * compression; 100 requests/s over 200 keep-alive connections): a third of what was allocated
 * between two young-generation collections was kept by the second and moved to the old
 * generation at the next, 3.5 MB/s that only full collections clear; with the prototypes given at
 * creation, Express's `setPrototypeOf` finds them already set and does nothing, and that falls to
 * 0.05 MB/s (and the bare server, saturated by 50 connections, answers 7,700–8,200 requests/s
 * instead of 3,400–4,600). In the auction bench the web process's old generation then grows
 * 3.6 MB/s instead of 4.6–5.4 MB/s (1.5 instead of 3.0 MB/s when every bid is refused at once).
 *
 * @param app - the Express app (its handler, `app.request` and `app.response`).
 * @returns the server, not yet listening.
 */
export function createExpressServer(app: ExpressApp): http.Server {
  return http.createServer(
    {
      IncomingMessage: withPrototype(http.IncomingMessage, app.request) as typeof http.IncomingMessage,
      ServerResponse: withPrototype(http.ServerResponse, app.response) as typeof http.ServerResponse,
    },
    app,
  )
}
