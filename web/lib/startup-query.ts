import type { QueryClient, QueryObserver, QueryObserverResult } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { isApiError } from "./api";

// The two queries every screen needs first (the session and the public configuration), without
// TanStack Query on the first load (decision 0047): the sign-in screen never loads it. Until the
// signed-in area (or /reset-password) loads TanStack Query, a query fetches by itself with the
// app's rules (two retries unless the server answered 4xx; a fetch on mount, window focus and
// reconnect once stale; the data kept when a refetch fails). `attachStartupQueries` then hands it
// to the QueryClient under the same key: from there TanStack fetches, and `setQueryData` and
// `invalidateQueries` on that key reach every reader here.

export type StartupQueryResult<T> =
  | { status: "pending"; isPending: true; isError: false; data: undefined; error: null }
  | { status: "error"; isPending: false; isError: true; data: T | undefined; error: unknown }
  | { status: "success"; isPending: false; isError: false; data: T; error: null };

type State<T> = StartupQueryResult<T> & { updatedAt: number };

export type StartupQueryOptions<T> = {
  queryKey: readonly unknown[];
  queryFn: () => Promise<T>;
  staleTime: number;
};

type ObserverClass = new <T>(client: QueryClient, options: StartupQueryOptions<T>) => QueryObserver<T>;

const pending = { status: "pending", isPending: true, isError: false, data: undefined, error: null } as const;

function succeeded<T>(data: T, updatedAt: number): State<T> {
  return { status: "success", isPending: false, isError: false, data, error: null, updatedAt };
}

/** The app's retry rule (lib/query-client.ts) and TanStack's default delay (1 s, then 2 s). */
function shouldRetry(failures: number, error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? false : failures < 2;
}
const retryDelay = (failures: number) => Math.min(1000 * 2 ** failures, 30_000);

export type StartupQuery<T> = {
  options: StartupQueryOptions<T>;
  getState: () => StartupQueryResult<T>;
  subscribe: (listener: () => void) => () => void;
  /** Fetches unless fresh data is there or a fetch is under way (start-up, mount, focus). */
  refetchIfStale: () => void;
  /** Fetches now (after signing in) and resolves with the answer, or rejects. */
  fetchFresh: () => Promise<T>;
  /** Fetches now (a retry button); never rejects, as useQuery's refetch. */
  refetch: () => Promise<void>;
  /** Replaces the data, as `setQueryData` does. */
  setData: (updater: (current: T | undefined) => T) => void;
  /** Hands the query to TanStack Query: its cache entry and an observer that keeps it fresh. */
  attach: (client: QueryClient, Observer: ObserverClass) => void;
};

// biome-ignore lint/suspicious/noExplicitAny: queries of every data type, attached alike.
const registry: StartupQuery<any>[] = [];
let attached: { client: QueryClient; Observer: ObserverClass } | null = null;

export function createStartupQuery<T>(options: StartupQueryOptions<T>): StartupQuery<T> {
  let state: State<T> = { ...pending, updatedAt: 0 };
  const listeners = new Set<() => void>();
  let generation = 0;
  let inflight: Promise<T> | null = null;
  let observer: QueryObserver<T> | null = null;

  const update = (next: State<T>) => {
    state = next;
    for (const listener of listeners) listener();
  };

  /** A fetch of its own (before TanStack is attached); a newer fetch makes an older one's answer moot. */
  const fetchAlone = (): Promise<T> => {
    const current = ++generation;
    const run = async (): Promise<T> => {
      for (let failures = 0; ; failures++) {
        try {
          const data = await options.queryFn();
          if (current === generation) {
            if (attached) attached.client.setQueryData(options.queryKey, data);
            else update(succeeded(data, Date.now()));
          }
          return data;
        } catch (error) {
          if (!shouldRetry(failures, error) || current !== generation) {
            if (current === generation && !attached) {
              update({ ...state, status: "error", isPending: false, isError: true, error });
            }
            throw error;
          }
          await new Promise((resolve) => setTimeout(resolve, retryDelay(failures)));
        }
      }
    };
    const promise = run().finally(() => {
      if (inflight === promise) inflight = null;
    });
    inflight = promise;
    return promise;
  };

  const isStale = () => {
    if (attached) {
      const query = attached.client.getQueryState(options.queryKey);
      return !query || query.isInvalidated || Date.now() - query.dataUpdatedAt >= options.staleTime;
    }
    return state.status !== "success" || Date.now() - state.updatedAt >= options.staleTime;
  };

  const query: StartupQuery<T> = {
    options,
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Fetches unless fresh data is there or a fetch is under way (start-up, mount, focus). */
    refetchIfStale() {
      if (observer) {
        if (isStale()) void observer.refetch({ cancelRefetch: false });
        return;
      }
      if (!inflight && isStale()) fetchAlone().catch(() => undefined);
    },
    /** Fetches now (after signing in) and resolves with the answer, or rejects. */
    async fetchFresh(): Promise<T> {
      if (attached) {
        await attached.client.invalidateQueries({ queryKey: options.queryKey, exact: true });
        return attached.client.fetchQuery(options);
      }
      return fetchAlone();
    },
    /** Fetches now (a retry button); never rejects, as useQuery's refetch. */
    refetch(): Promise<void> {
      return query.fetchFresh().then(
        () => undefined,
        () => undefined,
      );
    },
    /** Replaces the data, as `setQueryData` does. */
    setData(updater: (current: T | undefined) => T) {
      if (attached) {
        attached.client.setQueryData<T>(options.queryKey, (current) => updater(current));
        return;
      }
      generation++;
      update(succeeded(updater(state.data), Date.now()));
    },
    /** Hands the query to TanStack Query: its cache entry and an observer that keeps it fresh. */
    attach(client: QueryClient, Observer: ObserverClass) {
      if (observer) return;
      if (state.status === "success") {
        client.setQueryData(options.queryKey, state.data, { updatedAt: state.updatedAt });
      } else if (inflight) {
        const answer = inflight;
        void client.prefetchQuery({ ...options, queryFn: () => answer, retry: false });
      }
      observer = new Observer<T>(client, options);
      observer.subscribe((result) => update(fromResult(result, state)));
      update(fromResult(observer.getCurrentResult(), state));
    },
  };
  registry.push(query);
  if (attached) query.attach(attached.client, attached.Observer);
  return query;
}

function fromResult<T>(result: QueryObserverResult<T>, previous: State<T>): State<T> {
  if (result.status === "success") {
    return previous.data === result.data && previous.status === "success"
      ? previous
      : succeeded(result.data, result.dataUpdatedAt);
  }
  if (result.status === "error") {
    return {
      status: "error",
      isPending: false,
      isError: true,
      data: result.data,
      error: result.error,
      updatedAt: result.dataUpdatedAt,
    };
  }
  return { ...pending, updatedAt: 0 };
}

/** Called once by lib/query-client.ts: from then on TanStack Query runs these queries. */
export function attachStartupQueries(client: QueryClient, Observer: ObserverClass) {
  attached = { client, Observer };
  for (const query of registry) query.attach(client, Observer);
}

// TanStack's refetch on window focus and on reconnect, until it takes over.
if (typeof window !== "undefined") {
  const refetchStale = () => {
    if (attached || document.visibilityState !== "visible") return;
    for (const query of registry) query.refetchIfStale();
  };
  document.addEventListener("visibilitychange", refetchStale);
  window.addEventListener("online", refetchStale);
}

/** Reads a startup query in a component (and, like useQuery, refetches it on mount when stale). */
export function useStartupQuery<T>(query: StartupQuery<T>) {
  const state = useSyncExternalStore(query.subscribe, query.getState, query.getState);
  useEffect(() => query.refetchIfStale(), [query]);
  return { ...state, refetch: query.refetch };
}
