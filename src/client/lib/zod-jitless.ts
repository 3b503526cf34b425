/**
 * Zod 4 probes for eval (`new Function('')`) when it builds its first object schema, to decide whether
 * to compile fast parsers. The server's CSP (script-src 'self') forbids eval, so the probe only logged a
 * CSP violation on every page with a form (Lighthouse best practices, decision 0043) and zod fell back to
 * the interpreter anyway. jitless skips the probe. Set through zod's global config object, which zod
 * reads when it loads: importing zod here would put it in the entry chunk, against the page budget.
 */
type ZodGlobalConfig = { jitless?: boolean };
const holder = globalThis as { __zod_globalConfig?: ZodGlobalConfig };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
