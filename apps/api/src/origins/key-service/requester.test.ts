import { describe, expect, it } from 'vitest'
import { describeDevice, describePlace, newMatchNumber } from './requester'

describe('what a device mail says of the asking device', () => {
  it('names the browser and system of common User-Agents', () => {
    expect(
      describeDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36'),
    ).toBe('Chrome 142 on Linux')
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36 Edg/141.0',
      ),
    ).toBe('Edge 141 on Windows')
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 18 on iOS')
    expect(describeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox 133 on macOS',
    )
    expect(describeDevice('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36')).toBe(
      'Chrome 131 on Android',
    )
  })

  it('says so when it cannot tell, and never repeats what the client sent', () => {
    expect(describeDevice(undefined)).toBe('an unknown browser')
    expect(describeDevice('<a href="https://evil.example">click</a>')).toBe('an unknown browser')
  })

  it('takes only a two-letter country from the proxy, and the address', () => {
    expect(describePlace('DE', '203.0.113.7')).toBe('DE (IP 203.0.113.7)')
    expect(describePlace('XX', '203.0.113.7')).toBe('unknown (IP 203.0.113.7)')
    expect(describePlace('<b>Paris</b>', '2001:db8::1')).toBe('unknown (IP 2001:db8::1)')
    expect(describePlace(undefined, undefined)).toBe('unknown')
  })

  it('draws the matching number from 10 to 99', () => {
    const numbers = new Set(Array.from({ length: 500 }, newMatchNumber))
    for (const number of numbers) expect(number).toMatch(/^[1-9]\d$/)
    expect(numbers.size).toBeGreaterThan(50)
  })
})
