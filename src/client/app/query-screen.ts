import type { ComponentType } from 'react';
import { lazyScreen, type Screen } from './screen';

/** A lazy screen, wrapped in the query client (which is itself loaded only with the first lazy screen). */
export function screen(load: () => Promise<ComponentType>): Screen {
  return lazyScreen(async () => {
    const [{ withQueries }, Screen] = await Promise.all([import('../lib/with-queries'), load()]);
    return withQueries(Screen);
  });
}
