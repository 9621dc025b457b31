/**
 * The demo step of the Flexible Spending Account: the terms of Acme's contract
 * (its order and the business-operations addresses) and the products it may
 * order with their prices per duration; one product withdrawn from it. No order
 * has been placed yet, so the contract's whole balance is available.
 */
import { eq } from 'drizzle-orm'
import { PRODUCT_NAME } from '../app/domain/product'
import type { DemoStep } from './seed'
import { entitlements, fsaContracts, fsaProducts } from './tables'
import { demoActivationId } from './seed-entitlements'

export const DEMO_FSA_CONTRACT_KEY = 'acme-fsa-contract'
export const DEMO_FSA_ORDER_ID = 'ORD-ACME-FSA-2025'

type Prices = Partial<
  Record<'price7Days' | 'price30Days' | 'price60Days' | 'price90Days' | 'price180Days' | 'price1Year', number>
>

/** bpn, product feature, product name, prices, withdrawn */
export const DEMO_FSA_PRODUCTS: [string, string, string, Prices, boolean?][] = [
  ['FSA-HFSS-L', 'hfss', `${PRODUCT_NAME} HFSS`, { price30Days: 2_400, price90Days: 6_600, price1Year: 24_000 }],
  [
    'FSA-MECH-L',
    'mech_ent',
    `${PRODUCT_NAME} Mechanical Enterprise`,
    {
      price7Days: 650,
      price30Days: 2_000,
      price60Days: 3_800,
      price90Days: 5_400,
      price180Days: 10_200,
      price1Year: 19_500,
    },
  ],
  ['FSA-FLU-L', 'fluent', `${PRODUCT_NAME} Fluent`, { price30Days: 1_750, price180Days: 9_000 }],
  ['FSA-CFX-L', 'cfx', `${PRODUCT_NAME} CFX`, { price30Days: 1_500, price1Year: 15_000 }, true],
]

export function fsaStep(): DemoStep {
  return {
    name: 'the FSA contract and its products',
    run: async ({ tx }) => {
      const contract = (
        await tx
          .select({ id: entitlements.id })
          .from(entitlements)
          .where(eq(entitlements.activationId, demoActivationId(DEMO_FSA_CONTRACT_KEY)))
      )[0]!
      await tx
        .insert(fsaContracts)
        .values({ entitlementId: contract.id, orderId: DEMO_FSA_ORDER_ID, busopsEmails: 'busops@vendor.example' })
      await tx.insert(fsaProducts).values(
        DEMO_FSA_PRODUCTS.map(([bpn, product, productName, prices, withdrawn]) => ({
          contractId: contract.id,
          bpn,
          product,
          productName,
          ...prices,
          vendorDaemon: 'ansyslmd',
          withdrawn: withdrawn ? 1 : 0,
        })),
      )
    },
  }
}
