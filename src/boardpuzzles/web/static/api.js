// The page's only way to the server: GET /api/<puzzle>/<action>?... (JSON, JSON Lines or server-sent events).
import { t } from "./i18n.js";

export class ApiError extends Error {
  constructor(payload) {
    super(payload.error || t("api.request_failed"));
    this.parameter = payload.parameter || null;
  }
}

function url(path, params) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params || {})) {
    if (value !== undefined && value !== null && value !== false && value !== "") query.set(name, value === true ? "true" : value);
  }
  const text = query.toString();
  return `/api/${path}${text ? "?" + text : ""}`;
}

let controllers = {};

// One request per channel: a new one cancels the previous (the server then stops its work).
export async function get(path, params, channel = path) {
  if (controllers[channel]) controllers[channel].abort();
  const controller = new AbortController();
  controllers[channel] = controller;
  const response = await fetch(url(path, params), { signal: controller.signal });
  const text = await response.text();
  if (!response.ok) {
    let payload;
    try {
      payload = JSON.parse(text);
    } catch {
      payload = { error: `HTTP ${response.status}` };
    }
    throw new ApiError(payload);
  }
  if ((response.headers.get("content-type") || "").includes("ndjson")) {
    return text.split("\n").filter((line) => line.trim()).map((line) => JSON.parse(line));
  }
  return JSON.parse(text);
}

export function isAbort(error) {
  return error && error.name === "AbortError";
}

// A job (a count) as server-sent events: onProgress(report) now and then; resolves with the result.
export function job(path, params, onProgress) {
  let source;
  const promise = new Promise((resolve, reject) => {
    source = new EventSource(url(path, params));
    source.addEventListener("progress", (event) => onProgress(JSON.parse(event.data)));
    source.addEventListener("result", (event) => {
      source.close();
      resolve(JSON.parse(event.data));
    });
    source.addEventListener("error", (event) => {
      source.close();
      reject(new ApiError(event.data ? JSON.parse(event.data) : { error: t("api.connection_lost") }));
    });
  });
  promise.cancel = () => source.close();
  return promise;
}

// The page's state lives in its address, so that a link reproduces it.
export function readState(defaults) {
  const query = new URLSearchParams(location.search);
  const state = { ...defaults };
  for (const name of Object.keys(defaults)) if (query.has(name)) state[name] = query.get(name);
  return state;
}

export function writeState(state) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(state)) if (value !== "" && value !== null && value !== undefined) query.set(name, value);
  history.replaceState(null, "", `${location.pathname}?${query}`);
}
