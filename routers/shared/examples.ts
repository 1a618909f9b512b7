// Placeholder values the tool examples share (tools/list shows one example call per action). They
// have the real shapes, so every example passes its procedure's input schema (a test checks).
export const EXAMPLE_IDS = {
  invoice: "inv_01KB4Z2W9X6M3Q7R8T5V0C1NPE",
  client: "cli_01KB4Z3A7C5D2E9F8G6H4J1KMN",
  product: "prd_01KB4Z3Q8R2S7T5V9W3X6Y0Z1A",
  template: "tpl_01KB4Z4B6C8D0E2F4G6H8J0K2M",
  operation: "7b0e3f2a-5c1d-4e8f-9a6b-2d4c6e8f0a1b",
  shareToken: "q3Xv9mKp2Lr7Tz4Wn8Yb1Hc6Jd0Fs5Gu2Ae9Qk4Rw7N",
  webhook: "whk_01KB4Z5C7D9E1F3G5H7J9K1M3N",
  delivery: "dlv_01KB4Z5D8E0F2G4H6J8K0M2N4P",
  recurring: "rec_01KB4Z5E9F1G3H5J7K9M1N3P5Q",
  event: "evt_01KB4Z5F0G2H4J6K8M0N2P4Q6R",
} as const;
