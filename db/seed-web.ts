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
 * No checkouts or transactions: the web licence service makes those.
 */
import { PRODUCT_NAME } from '../app/domain/product'
import { addDays, todayUtc } from '../app/domain/entitlements'
import { WEB_LICENSE_MODEL, type WebEntitlementType, type WebRole } from '../app/domain/web-licenses'
import type { DemoStep } from './seed'
import type { GeneratedWeb } from './seed-scale'
import { entitlements, webAssignments, webGroupMembers, webGroups, webUsers } from './schema'
import { demoActivationId } from './seed-entitlements'
import { setWebLicenseFlags } from './web-license-flags'

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
    run: ({ tx }) => {
      const today = todayUtc(now)
      const at = now.getTime()
      const entitlementIds = new Map<string, number>()
      for (const spec of DEMO_WEB_ENTITLEMENTS) {
        const row = tx.insert(entitlements).values(entitlementRow(spec, today)).returning({ id: entitlements.id }).get()
        entitlementIds.set(spec.key, row.id)
      }
      const insertUsers = (accountId: string) =>
        demoWebUsers(accountId).map(
          (u) =>
            tx
              .insert(webUsers)
              .values({ accountId, ...u, createdAt: at })
              .returning({ id: webUsers.id })
              .get().id,
        )
      const insertGroup = (accountId: string, name: string, description: string, members: number[]) => {
        const { id } = tx
          .insert(webGroups)
          .values({ accountId, name, description, createdAt: at })
          .returning({ id: webGroups.id })
          .get()
        if (members.length > 0)
          tx.insert(webGroupMembers)
            .values(members.map((userId) => ({ groupId: id, userId })))
            .run()
        return id
      }
      const assign = (
        key: string,
        holder: { groupId: number } | { userId: number; endDate?: string | null },
        by: string,
      ) =>
        tx
          .insert(webAssignments)
          .values({ entitlementId: entitlementIds.get(key)!, ...holder, assignedBy: by, createdAt: at })
          .run()

      const acme = insertUsers(ACME)
      const groups = new Map(
        ACME_GROUPS.map(([name, description, member]) => [
          name,
          insertGroup(
            ACME,
            name,
            description,
            acme.filter((_, i) => member(i)),
          ),
        ]),
      )
      const acmeAdmin = 'admin@acme.example'
      assign(WEB_KEYS.acmeSpaceClaim, { groupId: groups.get('Design')! }, acmeAdmin)
      assign(WEB_KEYS.acmeFluent, { groupId: groups.get('Simulation')! }, acmeAdmin)
      for (const [i, end] of ACME_MECHANICAL_HOLDERS) {
        assign(
          WEB_KEYS.acmeMechanical,
          { userId: acme[i], endDate: end === null ? null : addDays(today, end) },
          acmeAdmin,
        )
      }

      const borealis = insertUsers(BOREALIS)
      insertGroup(BOREALIS, 'All Users', 'Everyone with a web licence at Borealis.', borealis)
      for (const userId of borealis.slice(1, 3)) {
        assign(WEB_KEYS.borealisHfss, { userId }, 'marta.lindqvist@borealis.example')
      }
      setWebLicenseFlags(tx, [...new Set(DEMO_WEB_ENTITLEMENTS.map((e) => e.accountId))])
    },
  }
}

type Tx = Parameters<DemoStep['run']>[0]['tx']

const GENERATED_UNIT_PRICE = { SHARED_WEB: 1200, NAMED_USER: 2400 } as const

/**
 * A generated customer's web licences, users, its 'All Users' group and the named seats given
 * directly. Every seat given is within the licence's seats.
 */
export function insertGeneratedWeb(tx: Tx, accountId: string, web: GeneratedWeb, now: Date = new Date()) {
  const today = todayUtc(now)
  const at = now.getTime()
  const userIds = web.users.map(
    (u) =>
      tx
        .insert(webUsers)
        .values({ accountId, ...u, createdAt: at })
        .returning({ id: webUsers.id })
        .get().id,
  )
  const group = tx
    .insert(webGroups)
    .values({ accountId, name: 'All Users', description: 'Everyone with a web licence.', createdAt: at })
    .returning({ id: webGroups.id })
    .get().id
  tx.insert(webGroupMembers)
    .values(userIds.map((userId) => ({ groupId: group, userId })))
    .run()
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
    const entitlementId = tx
      .insert(entitlements)
      .values(entitlementRow(spec, today))
      .returning({ id: entitlements.id })
      .get().id
    if (e.type !== 'NAMED_USER') continue
    const holders = userIds.slice(0, Math.min(web.namedHolders[named++] ?? 0, e.seats))
    const by = web.users[0].email
    for (const userId of holders) {
      tx.insert(webAssignments).values({ entitlementId, userId, assignedBy: by, createdAt: at }).run()
    }
  }
}
