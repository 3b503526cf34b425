/**
 * sessionStorage and localStorage that never throw: storage can be disabled by policy or private mode,
 * and the pages must still work then, only forgetting on reload.
 */
type Area = 'session' | 'local';

function area(which: Area): Storage {
  return which === 'session' ? window.sessionStorage : window.localStorage;
}

export function readStored(which: Area, key: string): string | null {
  try {
    return area(which).getItem(key);
  } catch {
    return null;
  }
}

/** True when the value was kept (a caller may rely on it surviving a reload). */
export function writeStored(which: Area, key: string, value: string): boolean {
  try {
    area(which).setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeStored(which: Area, key: string): void {
  try {
    area(which).removeItem(key);
  } catch {
    // Nothing kept, nothing to remove.
  }
}
