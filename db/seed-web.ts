/**
 * Demo data of web licensing, relative to the seed day.
 *
 * - Acme (1000001): Discovery shared web seats open to every web user, SpaceClaim shared
 *   seats reserved for the Design group, Mechanical named seats all held (one until an end
 *   date), Fluent named seats held through the Simulation group with seats left; about forty
 *   web users (the portal's admin and viewer among them, most are not portal contacts) in
 *   four groups, 'All Users' holding everyone.
 * - Borealis (1000002): named seats only, a few users.
 * - Cobalt and the others: none, so their Web menu group stays hidden.
 *
 * About ninety days of history before the seed day (`webHistory`, from a fixed random seed),
 * written as the web licence service records it, with the web usage aggregates: Discovery
 * busy in working hours, all ten seats in use at the busiest and some checkouts denied for
 * want of a seat; SpaceClaim lightly used by Design; Mechanical holders of whom one last
 * used it about 40 days ago, one about 70 and one never (the 30/60/90-day idle seats); Fluent
 * holders some of whom never used it; a few refusals of users without the right to a licence.
 * Nothing of Acme's runs at the seed moment; two Borealis HFSS seats do.
 */
import { mapInOrder } from './in-order'
import { PRODUCT_NAME } from '../app/domain/product'
import { addDays, todayUtc } from '../app/domain/entitlements'
import { WEB_LICENSE_MODEL, type WebEntitlementType, type WebRole } from '../app/domain/web-licenses'
import type { DemoStep } from './seed'
import type { GeneratedWeb } from './seed-scale'
import { entitlements, webAssignments, webGroupMembers, webGroups, webUsers } from './tables'
import { demoActivationId } from './seed-entitlements'
import { setWebLicenseFlags } from './web-license-flags'
import { randomSequence } from './seed-usage'
import { WebHistoryWriter, type HistoryRequest } from './web-history'

const ACME = '1000001'
const BOREALIS = '1000002'
const CREATED = Date.UTC(2024, 0, 15)

export const WEB_KEYS = {
  acmeDiscovery: 'acme-web-discovery-shared',
  acmeSpaceClaim: 'acme-web-spaceclaim-shared',
  acmeMechanical: 'acme-web-mechanical-named',
  acmeFluent: 'acme-web-fluent-named',
  borealisHfss: 'borealis-web-hfss-named',
} as const

interface WebEntitlementSpec {
  key: string
  accountId: string
  type: WebEntitlementType
  /** The feature name, as the other lines of the product. */
  product: string
  seats: number
  /** Days from the seed day. */
  start: number
  end: number
  currency: string
  po: string
  unitPrice: number
}

const P = (name: string) => `${PRODUCT_NAME} ${name}`

export const DEMO_WEB_ENTITLEMENTS: WebEntitlementSpec[] = [
  {
    key: WEB_KEYS.acmeDiscovery,
    accountId: ACME,
    type: 'SHARED_WEB',
    product: P('Discovery'),
    seats: 10,
    start: -60,
    end: 305,
    currency: 'USD',
    po: 'PO-ACME-2025-0650',
    unitPrice: 2_900,
  },
  {
    key: WEB_KEYS.acmeSpaceClaim,
    accountId: ACME,
    type: 'SHARED_WEB',
    product: P('SpaceClaim'),
    seats: 5,
    start: -30,
    end: 335,
    currency: 'USD',
    po: 'PO-ACME-2025-0650',
    unitPrice: 2_400,
  },
  {
    key: WEB_KEYS.acmeMechanical,
    accountId: ACME,
    type: 'NAMED_USER',
    product: P('Mechanical'),
    seats: 5,
    start: -90,
    end: 275,
    currency: 'USD',
    po: 'PO-ACME-2025-0651',
    unitPrice: 11_500,
  },
  {
    key: WEB_KEYS.acmeFluent,
    accountId: ACME,
    type: 'NAMED_USER',
    product: P('Fluent'),
    seats: 12,
    start: -20,
    end: 345,
    currency: 'USD',
    po: 'PO-ACME-2025-0651',
    unitPrice: 9_800,
  },
  {
    key: WEB_KEYS.borealisHfss,
    accountId: BOREALIS,
    type: 'NAMED_USER',
    product: P('HFSS'),
    seats: 3,
    start: -45,
    end: 320,
    currency: 'EUR',
    po: 'BM-4500019410',
    unitPrice: 12_700,
  },
]

export function webProductName(spec: Pick<WebEntitlementSpec, 'product' | 'type'>): string {
  return `${spec.product} - ${WEB_LICENSE_MODEL[spec.type]}`
}

function entitlementRow(s: WebEntitlementSpec, today: string): typeof entitlements.$inferInsert {
  const productName = webProductName(s)
  return {
    activationId: demoActivationId(s.key),
    accountId: s.accountId,
    type: s.type,
    state: 'Deployed',
    entitlementName: `${productName} Lease`,
    product: s.product,
    productName,
    licenseModel: WEB_LICENSE_MODEL[s.type],
    count: s.seats,
    quantity: s.seats,
    startDate: addDays(today, s.start),
    endDate: addDays(today, s.end),
    versionDate: null,
    evaluation: 0,
    poNumber: s.po,
    currency: s.currency,
    price: s.seats * s.unitPrice,
    rateTableVersion: null,
    vendorDaemon: '',
    borrowable: 0,
    used: 0,
    createdAt: CREATED,
  }
}

/** name, e-mail local part (derived from the name when omitted), role */
type WebUserLine = [string, string?, WebRole?]

const ACME_USERS: WebUserLine[] = [
  ['Adam Archer', 'admin', 'admin'],
  ['Vera Vance', 'viewer'],
  ['Raj Patel', undefined, 'admin'],
  ['Lena Fischer'],
  ['Amelia Hughes'],
  ['Benjamin Carter'],
  ['Chloe Nguyen'],
  ['Daniel Okafor'],
  ['Elena Rossi'],
  ['Farhan Siddiqui'],
  ['Grace Whitfield'],
  ['Hiroshi Tanaka'],
  ['Isabel Moreno'],
  ['Jakub Nowak'],
  ['Kavya Iyer'],
  ['Liam O’Connor', 'liam.oconnor'],
  ['Maya Goldberg'],
  ['Noah Schmidt'],
  ['Olivia Bennett'],
  ['Pedro Alves'],
  ['Quinn Harper'],
  ['Rosa Martínez', 'rosa.martinez'],
  ['Samuel Adeyemi'],
  ['Tara Kowalski'],
  ['Umar Haddad'],
  ['Valentina Ricci'],
  ['William Foster'],
  ['Xin Li'],
  ['Yara Haddad'],
  ['Zoe Campbell'],
  ['Aaron Blake'],
  ['Beatrice Lund'],
  ['Carlos Mendes'],
  ['Diana Popescu'],
  ['Ethan Brooks'],
  ['Fatima Zahra'],
  ['George Whitaker'],
  ['Hannah Weiss'],
  ['Ivan Kuznetsov'],
  ['Julia Sørensen', 'julia.sorensen'],
]

const BOREALIS_USERS: WebUserLine[] = [
  ['Marta Lindqvist', undefined, 'admin'],
  ['Ole Hansen'],
  ['Sigrid Berg'],
  ['Henrik Dahl'],
]

function email(line: WebUserLine, domain: string): string {
  const [name, local] = line
  return `${local ?? name.toLowerCase().replace(/\s+/g, '.')}@${domain}`
}

/** Acme's groups: name, description, members (by position in ACME_USERS). */
const ACME_GROUPS: [string, string, (i: number) => boolean][] = [
  ['All Users', 'Everyone with a web licence at Acme.', () => true],
  ['Design', 'Industrial design and CAD.', (i) => i >= 4 && i < 14],
  ['Simulation', 'Structural and CFD analysts.', (i) => i >= 14 && i < 22],
  ['Engineering Managers', 'Team leads who review results.', (i) => i === 2 || (i >= 35 && i < 39)],
]

/** Acme's Mechanical named seats, all five held; one until an end date. */
const ACME_MECHANICAL_HOLDERS: [number, number | null][] = [
  [3, null],
  [22, null],
  [23, 90],
  [24, null],
  [25, null],
]

/** The demo web users of a customer by lower-case e-mail: name and role. */
export function demoWebUsers(accountId: string): { email: string; name: string; role: WebRole }[] {
  const [lines, domain] =
    accountId === ACME
      ? [ACME_USERS, 'acme.example']
      : accountId === BOREALIS
        ? [BOREALIS_USERS, 'borealis.example']
        : [[], '']
  return lines.map((line) => ({ email: email(line, domain), name: line[0], role: line[2] ?? 'member' }))
}

export function webStep(now: Date = new Date()): DemoStep {
  return {
    name: 'web licences, users, groups and assignments',
    run: async ({ tx }) => {
      const today = todayUtc(now)
      const at = now.getTime()
      const entitlementIds = new Map<string, number>()
      for (const spec of DEMO_WEB_ENTITLEMENTS) {
        const row = (
          await tx.insert(entitlements).values(entitlementRow(spec, today)).returning({ id: entitlements.id })
        )[0]
        entitlementIds.set(spec.key, row.id)
      }
      const insertUsers = (accountId: string) => insertWebUsers(tx, accountId, demoWebUsers(accountId), at)
      const insertGroup = async (accountId: string, name: string, description: string, members: number[]) => {
        const { id } = (
          await tx
            .insert(webGroups)
            .values({ accountId, name, description, createdAt: at })
            .returning({ id: webGroups.id })
        )[0]
        if (members.length > 0)
          await tx.insert(webGroupMembers).values(members.map((userId) => ({ groupId: id, userId })))
        return id
      }
      const assign = async (
        key: string,
        holder: { groupId: number } | { userId: number; endDate?: string | null },
        by: string,
      ) =>
        await tx
          .insert(webAssignments)
          .values({ entitlementId: entitlementIds.get(key)!, ...holder, assignedBy: by, createdAt: at })

      const acme = await insertUsers(ACME)
      const groups = new Map(
        await mapInOrder(ACME_GROUPS, async ([name, description, member]) => [
          name,
          await insertGroup(
            ACME,
            name,
            description,
            acme.filter((_, i) => member(i)),
          ),
        ]),
      )
      const acmeAdmin = 'admin@acme.example'
      await assign(WEB_KEYS.acmeSpaceClaim, { groupId: groups.get('Design')! }, acmeAdmin)
      await assign(WEB_KEYS.acmeFluent, { groupId: groups.get('Simulation')! }, acmeAdmin)
      for (const [i, end] of ACME_MECHANICAL_HOLDERS) {
        await assign(
          WEB_KEYS.acmeMechanical,
          { userId: acme[i], endDate: end === null ? null : addDays(today, end) },
          acmeAdmin,
        )
      }

      const borealis = await insertUsers(BOREALIS)
      await insertGroup(BOREALIS, 'All Users', 'Everyone with a web licence at Borealis.', borealis)
      for (const userId of borealis.slice(1, 3)) {
        await assign(WEB_KEYS.borealisHfss, { userId }, 'marta.lindqvist@borealis.example')
      }
      await setWebLicenseFlags(tx, [...new Set(DEMO_WEB_ENTITLEMENTS.map((e) => e.accountId))])
      await webHistory(tx, entitlementIds, now)
    },
  }
}

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** Demo checkouts by UTC hour of a working day. */
const DEMO_HOURS = [0, 0, 0, 0, 0, 0, 1, 3, 8, 10, 10, 8, 5, 8, 10, 9, 6, 3, 1, 1, 0, 0, 0, 0]

/** How a demo entitlement is used: who, how often on a working day, for how long. */
interface DemoUse {
  key: string
  /** Users by e-mail, each with the last day (from the seed day, negative) they use it. */
  users: [string, number][]
  perDay: [number, number]
  meanHours: number
  /** Refusals over the whole history by users without the right to it. */
  refusals: string[]
}

function demoUses(): DemoUse[] {
  const acme = demoWebUsers(ACME).map((u) => u.email)
  const borealis = demoWebUsers(BOREALIS).map((u) => u.email)
  const always = (emails: string[]) => emails.map((e): [string, number] => [e, 0])
  return [
    {
      key: WEB_KEYS.acmeDiscovery,
      users: always(acme),
      perDay: [20, 40],
      meanHours: 2.5,
      refusals: [],
    },
    {
      key: WEB_KEYS.acmeSpaceClaim,
      users: always(acme.slice(4, 14)),
      perDay: [1, 4],
      meanHours: 1.2,
      refusals: [acme[0], acme[1], acme[30]],
    },
    {
      key: WEB_KEYS.acmeMechanical,
      // Seats held by users 3, 22, 23, 24, 25: 22 stopped 40 days ago, 23 70 days ago, 24 never used it.
      users: [
        [acme[3], 0],
        [acme[22], -40],
        [acme[23], -70],
        [acme[25], 0],
      ],
      perDay: [2, 5],
      meanHours: 3,
      refusals: [acme[0], acme[10]],
    },
    {
      key: WEB_KEYS.acmeFluent,
      // The Simulation group (users 14 to 21) holds the seats; 19 to 21 never used them.
      users: always(acme.slice(14, 19)),
      perDay: [2, 6],
      meanHours: 3.5,
      refusals: [acme[2]],
    },
    {
      key: WEB_KEYS.borealisHfss,
      users: always(borealis.slice(1, 3)),
      perDay: [1, 3],
      meanHours: 2,
      refusals: [borealis[3]],
    },
  ]
}

/** The demo web history of the ninety days before the seed day (see the module comment). */
async function webHistory(tx: Tx, entitlementIds: Map<string, number>, now: Date) {
  const rnd = randomSequence(0x5eb0_2026)
  const seedDay = Date.parse(`${todayUtc(now)}T00:00:00Z`)
  const uses = demoUses()
  const specs = uses.map((u) => DEMO_WEB_ENTITLEMENTS.find((e) => e.key === u.key)!)
  const pools = specs.map((spec) => ({
    entitlementId: entitlementIds.get(spec.key)!,
    accountId: spec.accountId,
    product: spec.product,
    type: spec.type,
    seats: spec.seats,
  }))
  const writer = new WebHistoryWriter(tx, pools, now.getTime(), 'demo')
  const hourSum = DEMO_HOURS.reduce((a, b) => a + b, 0)
  const hourOf = () => {
    let roll = rnd.next() * hourSum
    for (let h = 0; h < 24; h++) if ((roll -= DEMO_HOURS[h]) < 0) return h
    return 12
  }
  const versions = ['2025 R2', '2025 R1']
  await mapInOrder(uses, async (use, pool) => {
    const spec = specs[pool]
    const first = Math.max(spec.start, -90)
    const requests: HistoryRequest[] = []
    const ask = (at: number, user: string, lengthMs: number, refused?: HistoryRequest['refused']) =>
      requests.push({
        at,
        pool,
        user,
        lengthMs,
        refused,
        expires: rnd.next() < 0.08,
        clientHost: `${user.split('@')[0].replace(/\W/g, '-')}-ws`,
        productVersion: rnd.pick(versions),
      })
    for (let day = first; day < 0; day++) {
      const start = seedDay + day * DAY_MS
      const weekend = [0, 6].includes(new Date(start).getUTCDay())
      const n = weekend ? rnd.int(0, 1) : rnd.int(...use.perDay)
      for (let i = 0; i < n; i++) {
        const users = use.users.filter(([, last]) => day <= last)
        if (users.length === 0) break
        const at = start + hourOf() * HOUR_MS + rnd.int(0, HOUR_MS - 1)
        const lengthMs = Math.max(5 * 60_000, use.meanHours * HOUR_MS * -Math.log(1 - rnd.next() * 0.95))
        // Every seat of the history ends before the seed moment.
        ask(at, rnd.pick(users)[0], Math.min(lengthMs, now.getTime() - 60_000 - at))
      }
    }
    use.refusals.forEach((user, i) => {
      const day = first + Math.floor(((i + 1) * -first) / (use.refusals.length + 1))
      ask(
        seedDay + day * DAY_MS + 10 * HOUR_MS + i * 60_000,
        user,
        0,
        spec.type === 'SHARED_WEB' ? 'not-in-group' : 'not-named-user',
      )
    })
    if (spec.key === WEB_KEYS.borealisHfss) {
      // The two seats running at the seed moment.
      for (const [i, [user]] of use.users.entries()) ask(now.getTime() - (i + 1) * HOUR_MS, user, 10 * DAY_MS)
    }
    for (const r of requests.sort((a, b) => a.at - b.at)) await writer.request(r)
  })
  await writer.finish()
}

type Tx = Parameters<DemoStep['run']>[0]['tx']

const GENERATED_UNIT_PRICE = { SHARED_WEB: 1200, NAMED_USER: 2400 } as const

/** Adds web users to a customer, in order; their ids. */
function insertWebUsers(
  tx: Tx,
  accountId: string,
  users: readonly Omit<typeof webUsers.$inferInsert, 'accountId' | 'createdAt'>[],
  at: number,
): Promise<number[]> {
  return mapInOrder(
    users,
    async (u) =>
      (
        await tx
          .insert(webUsers)
          .values({ accountId, ...u, createdAt: at })
          .returning({ id: webUsers.id })
      )[0].id,
  )
}

/**
 * A generated customer's web licences, users, its 'All Users' group and the named seats given
 * directly. Every seat given is within the licence's seats.
 */
export async function insertGeneratedWeb(tx: Tx, accountId: string, web: GeneratedWeb, now: Date = new Date()) {
  const today = todayUtc(now)
  const at = now.getTime()
  const userIds = await insertWebUsers(tx, accountId, web.users, at)
  const group = (
    await tx
      .insert(webGroups)
      .values({ accountId, name: 'All Users', description: 'Everyone with a web licence.', createdAt: at })
      .returning({ id: webGroups.id })
  )[0].id
  await tx.insert(webGroupMembers).values(userIds.map((userId) => ({ groupId: group, userId })))
  let named = 0
  for (const [i, e] of web.entitlements.entries()) {
    const spec: WebEntitlementSpec = {
      key: `generated-${accountId}-web-${i}`,
      accountId,
      ...e,
      currency: 'USD',
      po: `PO-${accountId}-WEB-${i + 1}`,
      unitPrice: GENERATED_UNIT_PRICE[e.type],
    }
    const entitlementId = (
      await tx.insert(entitlements).values(entitlementRow(spec, today)).returning({ id: entitlements.id })
    )[0].id
    if (e.type !== 'NAMED_USER') continue
    const holders = userIds.slice(0, Math.min(web.namedHolders[named++] ?? 0, e.seats))
    const by = web.users[0].email
    for (const userId of holders) {
      await tx.insert(webAssignments).values({ entitlementId, userId, assignedBy: by, createdAt: at })
    }
  }
}
