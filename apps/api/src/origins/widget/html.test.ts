import { type WidgetBootConfig } from '@airlock/protocol'
import { describe, expect, it } from 'vitest'
import { escapeHtml } from '../../platform/http/escape-html'
import { injectBootConfig } from './html'

const config: WidgetBootConfig = {
  projectId: 'demo',
  parentOrigin: 'http://dapp.localhost:4400',
  apiUrl: 'http://api.localhost:4403',
  secureFrameUrl: 'http://secure.localhost:4402/',
}

/** Reads the meta content back the way a browser decodes an attribute. */
function readMeta(html: string): unknown {
  const match = /<meta name="airlock-config" content="([^"]*)">/.exec(html)
  if (!match?.[1]) throw new Error('no config meta')
  const decoded = match[1].replace(
    /&(quot|amp|lt|gt|#39);/g,
    (_, e: string) => ({ quot: '"', amp: '&', lt: '<', gt: '>', '#39': "'" })[e] ?? '',
  )
  return JSON.parse(decoded)
}

describe('injectBootConfig', () => {
  it('replaces the placeholder, in any attribute order or quoting', () => {
    for (const placeholder of [
      '<meta name="airlock-config" content="" />',
      '<meta name="airlock-config" content="">',
      "<meta content='' name='airlock-config'>",
      '<META NAME=airlock-config CONTENT="">',
    ]) {
      const html = injectBootConfig(`<html><head>${placeholder}<title>t</title></head></html>`, config)
      expect(readMeta(html)).toEqual(config)
      expect(html.match(/airlock-config/gi)).toHaveLength(1)
    }
  })

  it('inserts the tag at the start of <head> when there is no placeholder', () => {
    const html = injectBootConfig('<!doctype html><html><head lang="en"><title>t</title></head><body></body></html>', config)
    expect(html.indexOf('airlock-config')).toBeGreaterThan(html.indexOf('<head lang="en">'))
    expect(html.indexOf('airlock-config')).toBeLessThan(html.indexOf('<title>'))
    expect(readMeta(html)).toEqual(config)
    expect(readMeta(injectBootConfig('<p>no head</p>', config))).toEqual(config)
    // <header> is not <head>
    const noHead = injectBootConfig('<html><body><header>h</header></body></html>', config)
    expect(noHead.indexOf('airlock-config')).toBeLessThan(noHead.indexOf('<body>'))
  })

  it('escapes the JSON so no value can close the attribute or open a tag', () => {
    const hostile = { ...config, projectId: `$&$'$\`x`, parentOrigin: `http://x"><script>alert(1)</script>'&` }
    const html = injectBootConfig('<head><meta name="airlock-config" content=""></head>', hostile)
    expect(html).not.toContain('<script>')
    // The whole value sits in one attribute: no quote, angle bracket or apostrophe survives raw.
    expect(html).toMatch(/^<head><meta name="airlock-config" content="[^"'<>]*"><\/head>$/)
    expect(readMeta(html)).toEqual(hostile)
  })

  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;')
  })
})
