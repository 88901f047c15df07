import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api";
import { attachStartupQueries, createStartupQuery } from "./startup-query";

// The session and config queries before and after TanStack Query takes them over (decision 0047):
// the rules useQuery applied to them must still hold.

afterEach(() => {
  vi.useRealTimers();
});

let keys = 0;
const uniqueKey = () => [`startup-test-${++keys}`] as const;

describe("a startup query before TanStack Query loads", () => {
  it("fetches once however many readers ask, then keeps the data while fresh", async () => {
    const queryFn = vi.fn().mockResolvedValue({ id: 1 });
    const query = createStartupQuery({ queryKey: uniqueKey(), queryFn, staleTime: 60_000 });
    expect(query.getState().status).toBe("pending");
    query.refetchIfStale();
    query.refetchIfStale();
    await vi.waitFor(() => expect(query.getState().status).toBe("success"));
    query.refetchIfStale();
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(query.getState().data).toEqual({ id: 1 });
  });

  it("tries a failed network request twice more, a 4xx answer never", async () => {
    vi.useFakeTimers();
    const network = vi.fn().mockRejectedValue(new ApiError(0, "network_error", "offline"));
    const flaky = createStartupQuery({ queryKey: uniqueKey(), queryFn: network, staleTime: 0 });
    flaky.refetchIfStale();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 10);
    expect(network).toHaveBeenCalledTimes(3);
    expect(flaky.getState()).toMatchObject({ status: "error", isError: true, isPending: false });

    const refused = vi.fn().mockRejectedValue(new ApiError(403, "forbidden", "no"));
    const denied = createStartupQuery({ queryKey: uniqueKey(), queryFn: refused, staleTime: 0 });
    denied.refetchIfStale();
    await vi.advanceTimersByTimeAsync(5000);
    expect(refused).toHaveBeenCalledTimes(1);
    expect(denied.getState().status).toBe("error");
  });

  it("keeps the data when a refetch fails, and notifies readers", async () => {
    const queryFn = vi
      .fn()
      .mockResolvedValueOnce("first")
      .mockRejectedValue(new ApiError(400, "bad", "bad"));
    const query = createStartupQuery({ queryKey: uniqueKey(), queryFn, staleTime: 0 });
    const listener = vi.fn();
    query.subscribe(listener);
    await query.fetchFresh();
    await expect(query.fetchFresh()).rejects.toBeInstanceOf(ApiError);
    expect(query.getState()).toMatchObject({ status: "error", data: "first" });
    expect(listener).toHaveBeenCalled();
    await expect(query.refetch()).resolves.toBeUndefined();
  });

  it("lets setData win over an answer that was already on its way", async () => {
    let answer: (value: string) => void = () => undefined;
    const queryFn = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const query = createStartupQuery({ queryKey: uniqueKey(), queryFn, staleTime: 60_000 });
    query.refetchIfStale();
    query.setData(() => "signed out");
    answer("stale user");
    await Promise.resolve();
    await Promise.resolve();
    expect(query.getState().data).toBe("signed out");
  });
});

describe("a startup query handed to TanStack Query", () => {
  it("seeds the cache, follows setQueryData and refetches on invalidation", async () => {
    const queryKey = uniqueKey();
    const queryFn = vi.fn().mockResolvedValueOnce({ name: "Ana" }).mockResolvedValue({ name: "Bia" });
    const query = createStartupQuery({ queryKey, queryFn, staleTime: 60_000 });
    await query.fetchFresh();

    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    attachStartupQueries(client, QueryObserver);
    expect(client.getQueryData(queryKey)).toEqual({ name: "Ana" });
    expect(queryFn).toHaveBeenCalledTimes(1);

    client.setQueryData(queryKey, { name: "Caio" });
    expect(query.getState().data).toEqual({ name: "Caio" });

    await client.invalidateQueries({ queryKey });
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(query.getState().data).toEqual({ name: "Bia" });

    query.setData(() => ({ name: "Duda" }));
    expect(client.getQueryData(queryKey)).toEqual({ name: "Duda" });
    client.clear();
  });
});
