type AnyMethod = (...args: never[]) => unknown;
type MethodName<T> = { [K in keyof T]: T[K] extends AnyMethod ? K : never }[keyof T];
type MethodOf<T, K extends keyof T> = Extract<T[K], AnyMethod>;
type Around<F extends AnyMethod> = (call: () => ReturnType<F>, args: Parameters<F>) => ReturnType<F>;

/**
 * `target` with one call of `method` decorated: the first call `when` accepts runs
 * `around(call, args)`, where `call()` makes the real call; every other call (those during
 * `around` included) goes straight through. Crash tests decorate the dependencies a service
 * receives (store, wallet client, provider) this way, so the service's code carries no test hooks.
 */
export function decorateOnce<T extends object, K extends MethodName<T>>(
  target: T,
  method: K,
  around: Around<MethodOf<T, K>>,
  when: (...args: Parameters<MethodOf<T, K>>) => boolean = () => true,
): T {
  let used = false;
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property);
      if (typeof value !== "function") return value;
      const real = (value as AnyMethod).bind(object);
      if (property !== method) return real;
      return (...args: Parameters<MethodOf<T, K>>) => {
        if (used || !when(...args)) return real(...args);
        used = true;
        return around(() => real(...args) as ReturnType<MethodOf<T, K>>, args);
      };
    },
  });
}

/** The process "dies" here: nothing after the decorated call runs in the interrupted request. */
export class InjectedCrash extends Error {
  override readonly name = "InjectedCrash";
}

/** Crashes instead of the first accepted call of `method`: the call is never made. */
export function crashBefore<T extends object, K extends MethodName<T>>(
  target: T,
  method: K,
  when?: (...args: Parameters<MethodOf<T, K>>) => boolean,
): T {
  return decorateOnce(
    target,
    method,
    () => Promise.reject(new InjectedCrash(`crash before ${String(method)}`)) as ReturnType<MethodOf<T, K>>,
    when,
  );
}

/** Crashes right after the first accepted call of `method` took effect: its answer is lost. */
export function crashAfter<T extends object, K extends MethodName<T>>(
  target: T,
  method: K,
  when?: (...args: Parameters<MethodOf<T, K>>) => boolean,
): T {
  const crash = async (call: () => unknown): Promise<never> => {
    await call();
    throw new InjectedCrash(`crash after ${String(method)}`);
  };
  return decorateOnce(target, method, (call) => crash(call) as ReturnType<MethodOf<T, K>>, when);
}
