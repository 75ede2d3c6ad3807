import type * as z from 'zod/mini'
import { hostMethodChecks, widgetResultChecks } from '../host-checks'
import { SECURE_FRAME_CHANNEL } from '../messenger'
import { hostMethodParams, hostMethodResults, widgetMethodParams, widgetMethodResults } from '../methods'
import type { Validator } from '../rpc'
import { frameEventParams, frameEventResults, frameMethodParams, frameMethodResults } from '../secure-frame'
import * as samples from './samples'

type Schemas = Record<string, z.ZodMiniType>

/**
 * One direction of one boundary, from the receiving side: the calls it answers (its params
 * validators) and the replies it reads (its results validators), exactly the maps the real side
 * passes to exposeMethods and createCaller; `liteParams` / `liteResults` are set where that side
 * runs the lite twins (the host SDK), and the zod schemas are then the twins they must agree with.
 */
export interface Link {
  name: string
  /** The receiver's origin pin: where its peer lives. */
  peerOrigin: string
  channel: string | undefined
  params: Schemas
  paramSamples: Record<string, readonly unknown[]>
  results: Schemas
  resultSamples: Record<string, readonly unknown[]>
  liteParams?: Record<string, Validator>
  liteResults?: Record<string, Validator>
}

const DAPP = 'http://dapp.localhost:4400'
const WIDGET = 'http://widget.localhost:4401'
const SECURE = 'http://secure.localhost:4402'

export const LINKS: readonly Link[] = [
  {
    name: 'dapp -> widget (the widget receives)',
    peerOrigin: DAPP,
    channel: undefined,
    params: widgetMethodParams,
    paramSamples: samples.widgetParamSamples,
    results: hostMethodResults,
    resultSamples: samples.hostResultSamples,
  },
  {
    name: 'widget -> dapp (the host SDK receives)',
    peerOrigin: WIDGET,
    channel: undefined,
    params: hostMethodParams,
    paramSamples: samples.hostParamSamples,
    results: widgetMethodResults,
    resultSamples: samples.widgetResultSamples,
    liteParams: hostMethodChecks,
    liteResults: widgetResultChecks,
  },
  {
    name: 'widget -> secure frame (the frame receives)',
    peerOrigin: WIDGET,
    channel: SECURE_FRAME_CHANNEL,
    params: frameMethodParams,
    paramSamples: samples.frameParamSamples,
    results: frameEventResults,
    resultSamples: samples.frameEventResultSamples,
  },
  {
    name: 'secure frame -> widget (the widget receives)',
    peerOrigin: SECURE,
    channel: SECURE_FRAME_CHANNEL,
    params: frameEventParams,
    paramSamples: samples.frameEventParamSamples,
    results: frameMethodResults,
    resultSamples: samples.frameResultSamples,
  },
]

/** Every method name of both protocols: a call of another side's name is an unknown method here. */
export const ALL_METHOD_NAMES = [...new Set(LINKS.flatMap((link) => [...Object.keys(link.params), ...Object.keys(link.results)]))]
