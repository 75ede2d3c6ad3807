import * as extra from './extra'
import type { Extra } from './load-extra'
import { HANDOFF } from './load-extra-script'

/**
 * The one-line SDK's second script (`sdk-extra@<version>.js`): hands extra.ts to the sdk.js that
 * inserted it (load-extra-script.ts). Loaded any other way, it does nothing.
 */
;(document.currentScript as (HTMLScriptElement & { [HANDOFF]?: (extra: Extra) => void }) | null)?.[HANDOFF]?.(extra)
