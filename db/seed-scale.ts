/**
 * Plausible generated customers and contacts. Each customer is derived from its
 * number alone, so the same number always yields the same company.
 */

export const FIRST_GENERATED_NUMBER = 1000100

const NAME_STEMS = [
  'Apex',
  'Northwind',
  'Summit',
  'Helix',
  'Vertex',
  'Orion',
  'Quantum',
  'Meridian',
  'Pioneer',
  'Atlas',
  'Nimbus',
  'Cascade',
  'Granite',
  'Harbor',
  'Ironwood',
  'Juniper',
  'Keystone',
  'Lumen',
  'Magnolia',
  'Nova',
  'Oakridge',
  'Pinnacle',
  'Redwood',
  'Sterling',
  'Titan',
  'Vantage',
  'Westfield',
  'Zenith',
  'Beacon',
  'Catalyst',
  'Crescent',
  'Everest',
  'Falcon',
  'Frontier',
  'Horizon',
  'Kinetic',
  'Liberty',
  'Lighthouse',
  'Polaris',
  'Sequoia',
  'Tidewater',
  'Aurora',
  'Bluestone',
  'Copperfield',
  'Driftwood',
  'Evergreen',
  'Foxglove',
  'Glacier',
  'Highland',
  'Ember',
  'Kestrel',
  'Larkspur',
  'Monarch',
  'Northstar',
  'Osprey',
  'Prairie',
  'Quarry',
  'Riverbend',
  'Silverline',
  'Thornbury',
]

const INDUSTRIES = [
  'Aerospace',
  'Automotive',
  'Energy',
  'Dynamics',
  'Robotics',
  'Semiconductors',
  'Biomedical',
  'Marine',
  'Rail Systems',
  'Turbines',
  'Materials',
  'Composites',
  'Electronics',
  'Optics',
  'Engineering',
  'Fluid Systems',
  'Thermal Solutions',
  'Manufacturing',
  'Motors',
  'Photonics',
  'Wind Power',
  'Medical Devices',
  'Structures',
  'Acoustics',
  'Polymers',
  'Batteries',
  'Drones',
  'Space Systems',
  'Hydraulics',
  'Mobility',
]

/** Region qualifiers with the legal forms that fit them; '' (no qualifier) is the most common. */
const REGIONS: [string, string[]][] = [
  ['', ['Inc.', 'LLC', 'Corporation', 'Group', 'Ltd', 'GmbH', 'AG', 'S.A.', 'B.V.', 'SAS']],
  ['', ['Inc.', 'LLC', 'Corporation', 'Group', 'Ltd', 'GmbH', 'AG', 'S.A.', 'B.V.', 'SAS']],
  ['', ['Inc.', 'LLC', 'Corporation', 'Group', 'Ltd', 'GmbH', 'AG', 'S.A.', 'B.V.', 'SAS']],
  ['North America', ['Inc.', 'LLC', 'Corporation']],
  ['Europe', ['GmbH', 'B.V.', 'S.A.', 'SAS', 'S.p.A.']],
  ['Asia Pacific', ['Pte Ltd', 'Pty Ltd', 'Ltd']],
  ['UK', ['Ltd', 'plc']],
  ['Japan', ['K.K.', 'Co., Ltd.']],
  ['India', ['Pvt Ltd']],
  ['Nordic', ['AB', 'Oy', 'AS']],
]

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Mateo',
  'Sofia',
  'Lucas',
  'Mia',
  'Hiroshi',
  'Priya',
  'Arjun',
  'Chloe',
  'Jonas',
  'Elif',
  'Kwame',
  'Ingrid',
  'Tomasz',
  'Aisha',
  'Diego',
  'Hannah',
  'Wei',
  'Fatima',
  'Lars',
  'Camille',
  'Rafael',
  'Yuki',
  'Zara',
  'Nikolai',
  'Amara',
]

const LAST_NAMES = [
  'Johnson',
  'Martinez',
  'Nguyen',
  'Schmidt',
  'Rossi',
  'Tanaka',
  'Okafor',
  'Kowalski',
  'Haddad',
  'Larsen',
  'Dubois',
  'Silva',
  'Chen',
  'Patel',
  'Novak',
  'Andersson',
  'Murphy',
  'Yilmaz',
  'Kim',
  'Moreau',
  'Fischer',
  'Ivanova',
  'Mensah',
  'Garcia',
  'Sato',
  'Brennan',
  'Costa',
  'Lindqvist',
  'Herrera',
  'Wright',
]

/** Small deterministic PRNG (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pick = <T>(rnd: () => number, list: readonly T[]) => list[Math.floor(rnd() * list.length)]
const chance = (rnd: () => number, p: number) => (rnd() < p ? 1 : 0)

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

export interface GeneratedContact {
  email: string
  name: string
  role: 'admin' | 'viewer'
}

export type GeneratedWebType = 'SHARED_WEB' | 'NAMED_USER'

/** A generated web licence: seats of a product for a term, in days from the seed day. */
export interface GeneratedWebEntitlement {
  type: GeneratedWebType
  product: string
  seats: number
  start: number
  end: number
}

/**
 * A generated customer's web licensing: its licences, a few web users (the contacts first,
 * the first of them a Customer Administrator), all in one 'All Users' group, and the named
 * seats given directly to the first users (never more than the licence's seats).
 */
export interface GeneratedWeb {
  entitlements: GeneratedWebEntitlement[]
  users: { email: string; name: string; role: 'admin' | 'member' }[]
  /** Per named entitlement (in the order of `entitlements`), how many of the first users hold a seat. */
  namedHolders: number[]
}

export interface GeneratedCustomer {
  accountId: string
  accountName: string
  orgType: string
  exportControlStatus: string
  hasSsl: number
  hasSharedLicense: number
  hasNamedLicense: number
  hasFsa: number
  hasElastic: number
  supportEmail: string
  contacts: GeneratedContact[]
  /** Null when the customer has no web licences; its web flags say exactly whether it has each type. */
  web: GeneratedWeb | null
}

const WEB_PRODUCTS = ['Discovery', 'Mechanical', 'Fluent', 'HFSS', 'SpaceClaim']

/**
 * The web licences of a customer that has them. A PRNG of its own, so that adding web
 * licences left every other generated field of every customer as it was.
 */
function generateWeb(
  customerNumber: number,
  types: { shared: boolean; named: boolean },
  contacts: GeneratedContact[],
  domain: string,
): GeneratedWeb | null {
  if (!types.shared && !types.named) return null
  const rnd = random(customerNumber * 40503 + 17)
  const users: GeneratedWeb['users'] = contacts.map((c, i) => ({
    email: c.email,
    name: c.name,
    role: i === 0 ? 'admin' : 'member',
  }))
  const extra = 2 + Math.floor(rnd() * 4)
  for (let i = 0; i < extra; i++) {
    const first = pick(rnd, FIRST_NAMES)
    const last = pick(rnd, LAST_NAMES)
    const email = `${slug(first)}.${slug(last)}@${domain}`
    if (!users.some((u) => u.email === email)) users.push({ email, name: `${first} ${last}`, role: 'member' })
  }
  const entitlements: GeneratedWebEntitlement[] = []
  const namedHolders: number[] = []
  const term = () => {
    const start = -Math.floor(rnd() * 300)
    return { start, end: start + 365 }
  }
  if (types.shared) {
    entitlements.push({
      type: 'SHARED_WEB',
      product: pick(rnd, WEB_PRODUCTS),
      seats: 2 + Math.floor(rnd() * 9),
      ...term(),
    })
  }
  if (types.named) {
    const seats = 1 + Math.floor(rnd() * 5)
    entitlements.push({ type: 'NAMED_USER', product: pick(rnd, WEB_PRODUCTS), seats, ...term() })
    namedHolders.push(Math.min(users.length, Math.floor(rnd() * (seats + 1))))
  }
  return { entitlements, users, namedHolders }
}

export function generateCustomer(customerNumber: number): GeneratedCustomer {
  const rnd = random(customerNumber * 2654435761)
  const stem = pick(rnd, NAME_STEMS)
  const industry = pick(rnd, INDUSTRIES)
  const [region, forms] = pick(rnd, REGIONS)
  const form = pick(rnd, forms)
  const accountName = [stem, industry, region, form].filter(Boolean).join(' ')
  const domain = `${slug(`${stem} ${industry}`)}.example`

  const org = rnd()
  const orgType = org < 0.5 ? 'Direct' : org < 0.65 ? 'Channel' : org < 0.9 ? 'Indirect' : 'Undefined'
  const exportRoll = rnd()
  const exportControlStatus =
    exportRoll < 0.01 ? 'Denied' : exportRoll < 0.02 ? 'Pending' : exportRoll < 0.6 ? 'approved' : ''

  const contactCount = 1 + Math.floor(rnd() * 3)
  const contacts: GeneratedContact[] = []
  const used = new Set<string>()
  for (let i = 0; i < contactCount; i++) {
    const first = pick(rnd, FIRST_NAMES)
    const last = pick(rnd, LAST_NAMES)
    const email = `${slug(first)}.${slug(last)}@${domain}`
    if (used.has(email)) continue
    used.add(email)
    contacts.push({ email, name: `${first} ${last}`, role: i === 0 ? 'admin' : 'viewer' })
  }

  const hasSsl = chance(rnd, 0.7)
  const web = generateWeb(customerNumber, { shared: rnd() < 0.2, named: rnd() < 0.1 }, contacts, domain)
  const hasWeb = (type: GeneratedWebType) => (web?.entitlements.some((e) => e.type === type) ? 1 : 0)
  return {
    accountId: String(customerNumber),
    accountName,
    orgType,
    exportControlStatus,
    hasSsl,
    hasSharedLicense: hasWeb('SHARED_WEB'),
    hasNamedLicense: hasWeb('NAMED_USER'),
    hasFsa: chance(rnd, 0.15),
    hasElastic: chance(rnd, 0.4),
    supportEmail: rnd() < 0.5 ? `licensing@${domain}` : '',
    contacts,
    web,
  }
}
