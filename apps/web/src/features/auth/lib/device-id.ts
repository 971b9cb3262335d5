/**
 * A random id for this browser, kept in localStorage and sent on sign-up (X-Device-Id) so the
 * server can refuse self-referral and spot many referees from one device. It identifies nothing
 * else about the device; without storage a fresh id is used for this page's life.
 */
const DEVICE_KEY = "shwe.device";
let memory: string | undefined;

function newDeviceId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function deviceId(): string {
  try {
    const stored = localStorage.getItem(DEVICE_KEY);
    if (stored && /^[A-Za-z0-9_-]{16,64}$/.test(stored)) return stored;
    const id = newDeviceId();
    localStorage.setItem(DEVICE_KEY, id);
    return id;
  } catch {
    memory ??= newDeviceId();
    return memory;
  }
}
