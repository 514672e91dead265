import { describe, expect, it } from 'vitest'
import { deviceLabel, networkPlace, UNKNOWN_DEVICE } from './sign-in-device.server'

describe('deviceLabel', () => {
  it('names the browser and the system, the same for every version', () => {
    const firefox = (version: string) =>
      `Mozilla/5.0 (X11; Linux x86_64; rv:${version}) Gecko/20100101 Firefox/${version}`
    expect(deviceLabel(firefox('128.0'))).toBe('Firefox sur Linux')
    expect(deviceLabel(firefox('140.0'))).toBe(deviceLabel(firefox('128.0')))
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari sur iOS (mobile)')
    expect(
      deviceLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome sur Windows')
  })

  it('says « Appareil inconnu » without a user agent or for one no browser sends', () => {
    expect(deviceLabel(null)).toBe(UNKNOWN_DEVICE)
    expect(deviceLabel('')).toBe(UNKNOWN_DEVICE)
    expect(deviceLabel('zzz')).toBe(UNKNOWN_DEVICE)
  })
})

describe('networkPlace', () => {
  it('shows the /24 of an IPv4 address and the /64 of an IPv6 one, nothing finer', () => {
    expect(networkPlace('203.0.113.77')).toBe('Réseau 203.0.113.0/24')
    expect(networkPlace('::ffff:198.51.100.9')).toBe('Réseau 198.51.100.0/24')
    expect(networkPlace('2001:db8:1:2:3:4:5:6')).toBe('Réseau 2001:db8:1:2::/64')
    expect(networkPlace('2001:db8::1')).toBe('Réseau 2001:db8:0:0::/64')
  })

  it('says « Réseau local » for this machine and private ranges, « Lieu inconnu » for anything else', () => {
    for (const local of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.20',
      '::1',
      '0:0:0:0::',
      'fe80::1%eth0',
      'fd00::5',
    ])
      expect(networkPlace(local), local).toBe('Réseau local')
    for (const unknown of [null, '', 'pas une adresse', '300.1.1.1', '1:2:3', '1::2::3'])
      expect(networkPlace(unknown), String(unknown)).toBe('Lieu inconnu')
  })
})
