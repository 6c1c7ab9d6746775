/** The demo catalogue a fresh shop opens with; every image is drawn for this shop (see ./art). */

export interface DemoProduct {
  category: string;
  name: string;
  description: string;
  price: number;
  stock: number;
  status?: "in_stock" | "out_of_stock";
  art: string;
  sizes: { label: string; price: number | null }[];
  colors: string[];
  /** Extra pictures of the same arrangement in another colour, keyed by the colour's label. */
  colorArt?: Record<string, string>;
}

export const CATEGORIES = ["Bouquets", "Baskets", "Vases", "Box"];

/** The occasions a new shop starts with, in this order. */
export const OCCASIONS = [
  "Birthday",
  "Anniversary",
  "Wedding",
  "Graduation",
  "Get Well",
  "Sympathy",
  "Congratulations",
];

/** The occasions each demo product is tagged with, by the product's name. */
export const DEMO_OCCASION_TAGS: Record<string, string[]> = {
  "Classic Red Rose Bouquet": ["Anniversary", "Birthday"],
  "Blush Peony Bouquet": ["Wedding", "Anniversary"],
  "Sunny Sunflower Bouquet": ["Graduation", "Congratulations", "Get Well"],
  "Pastel Tulip Bouquet": ["Birthday", "Get Well"],
  "Garden Mix Flower Basket": ["Congratulations", "Get Well"],
  "White Lily Sympathy Basket": ["Sympathy"],
  "Orchid Grand Basket": ["Congratulations", "Wedding"],
  "Blue Hydrangea Vase": ["Birthday", "Get Well"],
  "White Rose Ceramic Vase": ["Sympathy", "Wedding"],
  "Gerbera Joy Vase": ["Birthday", "Graduation"],
  "Rose Gold Flower Box": ["Anniversary", "Congratulations"],
  "Pink Macaron Flower Box": ["Birthday", "Graduation"],
  "Red Heart Rose Box": ["Anniversary"],
};

export const CUSTOMIZATIONS = [
  { name: "Greeting Card", price: 15000 },
  { name: "Chocolate", price: 45000 },
  { name: "Ribbon", price: 10000 },
  { name: "Teddy Bear", price: 85000 },
];

/** The shop's delivery slots (contract §7.1): a morning, midday and afternoon run of ten orders each. */
export const DELIVERY_SLOTS = [
  { label: "Morning", start_time: "09:00", end_time: "12:00", same_day_cutoff: "08:00", capacity: 10 },
  { label: "Midday", start_time: "12:00", end_time: "15:00", same_day_cutoff: "10:00", capacity: 10 },
  { label: "Afternoon", start_time: "15:00", end_time: "18:00", same_day_cutoff: "13:00", capacity: 10 },
];

/**
 * The 30 kecamatan of Kota Bandung, each with a fee that grows with the distance from the shop in
 * Andir and the city centre around it, to the eastern edge (Cibiru, Panyileukan).
 */
const ZONE_FEES: Record<number, string[]> = {
  20000: ["Andir", "Astanaanyar", "Bandung Wetan", "Cicendo", "Sumur Bandung"],
  25000: [
    "Babakan Ciparay",
    "Bandung Kulon",
    "Batununggal",
    "Bojongloa Kaler",
    "Coblong",
    "Lengkong",
    "Regol",
    "Sukajadi",
  ],
  30000: ["Bojongloa Kidul", "Buahbatu", "Cibeunying Kaler", "Cibeunying Kidul", "Cidadap", "Kiaracondong", "Sukasari"],
  35000: ["Antapani", "Arcamanik", "Bandung Kidul", "Mandalajati", "Rancasari"],
  40000: ["Cinambo", "Gedebage", "Ujungberung"],
  45000: ["Cibiru", "Panyileukan"],
};

/** Where the demo shop's customers transfer to (contract §7.2); a shop without demo data starts with none. */
export const DEMO_BANK_ACCOUNTS = [
  { position: 0, bank: "BCA", account_number: "437 081 2265", account_name: "Bandung Florist" },
  { position: 1, bank: "Mandiri", account_number: "130 00 1876 5432", account_name: "Bandung Florist" },
];

export const DELIVERY_ZONES = Object.entries(ZONE_FEES)
  .flatMap(([fee, names]) => names.map((name) => ({ name, fee: Number(fee) })))
  .sort((a, b) => a.name.localeCompare(b.name));

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    category: "Bouquets",
    name: "Classic Red Rose Bouquet",
    description:
      "Twelve long-stemmed red roses hand-tied with eucalyptus and wrapped in kraft paper. The timeless way to say I love you.",
    price: 350000,
    stock: 14,
    art: "bouquet-red-roses",
    sizes: [
      { label: "Small", price: 250000 },
      { label: "Medium", price: 350000 },
      { label: "Large", price: 550000 },
    ],
    colors: ["Red::#c0392b", "White::#f8fafc", "Pink::#f7c6d7"],
    colorArt: { White: "bouquet-red-roses-white", Pink: "bouquet-red-roses-pink" },
  },
  {
    category: "Bouquets",
    name: "Blush Peony Bouquet",
    description: "Soft pink peonies with spray roses and baby's breath, wrapped in blush paper and satin ribbon.",
    price: 480000,
    stock: 8,
    art: "bouquet-pink-peony",
    sizes: [
      { label: "Medium", price: null },
      { label: "Large", price: 650000 },
    ],
    colors: ["Pink::#f7c6d7"],
  },
  {
    category: "Bouquets",
    name: "Sunny Sunflower Bouquet",
    description: "Bright sunflowers with chamomile and greenery. A cheerful gift for graduations and new beginnings.",
    price: 275000,
    stock: 20,
    art: "bouquet-sunflower",
    sizes: [
      { label: "Small", price: 195000 },
      { label: "Medium", price: null },
    ],
    colors: ["Yellow::#f6c445"],
  },
  {
    category: "Bouquets",
    name: "Pastel Tulip Bouquet",
    description:
      "Imported tulips in pastel shades, hand-tied with a linen ribbon. Lovely for birthdays and thank-yous.",
    price: 520000,
    stock: 0,
    art: "bouquet-pastel-tulips",
    sizes: [{ label: "Medium", price: null }],
    colors: ["Pastel Mix::#f4b6c2", "Purple::#b39ddb"],
  },
  {
    category: "Baskets",
    name: "Garden Mix Flower Basket",
    description: "A rattan basket overflowing with roses, gerberas, carnations and seasonal greenery.",
    price: 425000,
    stock: 10,
    art: "basket-garden-mix",
    sizes: [
      { label: "Medium", price: null },
      { label: "Large", price: 600000 },
    ],
    colors: ["Mixed::#e89aa8"],
  },
  {
    category: "Baskets",
    name: "White Lily Sympathy Basket",
    description: "Fragrant white lilies and chrysanthemums arranged in a woven basket, for condolence and remembrance.",
    price: 650000,
    stock: 6,
    art: "basket-white-lily",
    sizes: [
      { label: "Standard", price: null },
      { label: "Grand", price: 900000 },
    ],
    colors: ["White::#f8fafc"],
  },
  {
    category: "Baskets",
    name: "Orchid Grand Basket",
    description: "Purple moth orchids with moss and ferns in a low basket. Long-lasting and elegant for offices.",
    price: 1200000,
    stock: 3,
    status: "out_of_stock",
    art: "basket-orchid",
    sizes: [{ label: "Standard", price: null }],
    colors: ["Purple::#8e5ea2"],
  },
  {
    category: "Vases",
    name: "Blue Hydrangea Vase",
    description: "Full heads of blue hydrangea in a clear glass vase. Ready to display, no arranging needed.",
    price: 390000,
    stock: 9,
    art: "vase-hydrangea",
    sizes: [
      { label: "Medium", price: null },
      { label: "Large", price: 520000 },
    ],
    colors: ["Blue::#a5d8ff"],
  },
  {
    category: "Vases",
    name: "White Rose Ceramic Vase",
    description: "Fifteen white roses in a matte ceramic vase, finished with ruscus leaves. Calm and refined.",
    price: 460000,
    stock: 7,
    art: "vase-white-rose",
    sizes: [{ label: "Medium", price: null }],
    colors: ["White::#f8fafc"],
  },
  {
    category: "Vases",
    name: "Gerbera Joy Vase",
    description: "Orange and pink gerberas in a cylinder vase. A bright pick-me-up for a friend or a desk.",
    price: 299000,
    stock: 12,
    art: "vase-gerbera",
    sizes: [
      { label: "Small", price: 229000 },
      { label: "Medium", price: null },
    ],
    colors: ["Orange::#f39c4a", "Pink::#f7c6d7"],
  },
  {
    category: "Box",
    name: "Rose Gold Flower Box",
    description: "Round hat box with rose gold roses and dried accents. A keepsake box that stays beautiful for days.",
    price: 550000,
    stock: 11,
    art: "box-rose-gold",
    sizes: [
      { label: "Medium", price: null },
      { label: "Large", price: 750000 },
    ],
    colors: ["Rose Gold::#f2c6b6", "Blue::#a5d8ff"],
    colorArt: { Blue: "box-rose-gold-blue" },
  },
  {
    category: "Box",
    name: "Pink Macaron Flower Box",
    description: "Pink roses and carnations paired with a row of French macarons in a gift box.",
    price: 495000,
    stock: 5,
    art: "box-pink-macaron",
    sizes: [{ label: "Standard", price: null }],
    colors: ["Pink::#f7c6d7"],
  },
  {
    category: "Box",
    name: "Red Heart Rose Box",
    description: "Red roses set in a heart-shaped box. Our favourite for anniversaries and Valentine's Day.",
    price: 850000,
    stock: 4,
    art: "box-red-heart",
    sizes: [
      { label: "Medium", price: null },
      { label: "Large", price: 1150000 },
    ],
    colors: ["Red::#c0392b"],
  },
];

export interface DemoPost {
  title: string;
  excerpt: string;
  art: string;
  /** What the cover shows, for visitors who cannot see it. */
  imageAlt: string;
  author: string;
  category: string;
  publishedAt: string;
  /** Markdown. */
  body: string;
}

/** The three articles the home page's Blog & Tips features from the start. */
export const DEMO_POSTS: DemoPost[] = [
  {
    title: "Choosing Wedding Flowers That Last All Day",
    excerpt: "From the bridal bouquet to the arch: which flowers stay fresh through a long Bandung wedding day.",
    art: "post-wedding",
    imageAlt: "A wedding arch of pink and white roses above an aisle strewn with petals.",
    author: "Tim Florist",
    category: "Wedding",
    publishedAt: "2025-03-08T09:00:00.000Z",
    body: `## Start with the season

Bandung's cool mornings and warm afternoons are kind to most flowers, but some hold up better than others.

Roses, orchids, chrysanthemums and baby's breath stay crisp from the morning ceremony to the evening reception.

## Our tips for the big day

Plan the flowers together with the venue and the dress, then let us do the rest.

- Order the bridal bouquet at least two weeks ahead.
- Keep the bouquet in a vase of cool water between photos.
- Choose one or two main colours and repeat them in every arrangement.
`,
  },
  {
    title: "How to Keep Your Flowers Fresh Longer",
    excerpt: "Five simple habits that add days to any bouquet or vase arrangement.",
    art: "post-care",
    imageAlt: "Tulips in a glass jar of water beside a spray bottle, a watering can and scissors.",
    author: "Tim Florist",
    category: "Flower Care",
    publishedAt: "2025-04-12T09:00:00.000Z",
    body: `## The first hour matters

Flowers are thirsty after the trip. Give them fresh water as soon as they arrive and they will thank you.

- Cut 2 cm off each stem at an angle with a sharp knife.
- Remove leaves that would sit below the water line.
- Use a clean vase and room-temperature water.

## Every day after

Change the water every two days, keep the vase away from direct sun and ripening fruit, and trim the stems again when the water turns cloudy.
`,
  },
  {
    title: "What Flower Colours Mean",
    excerpt: "Red for love, yellow for friendship, white for sympathy: a quick guide to saying it with colour.",
    art: "post-colours",
    imageAlt: "A row of single flowers in small vases: red, orange, yellow, white, blue, purple and pink.",
    author: "Tim Florist",
    category: "Inspiration",
    publishedAt: "2025-05-20T09:00:00.000Z",
    body: `## A language older than words

Each colour carries its own message. Pick the one that says what you feel.

- Red: deep love and passion.
- Pink: admiration, gratitude and gentleness.
- Yellow: friendship and joy.
- White: purity, respect and sympathy.
- Purple: elegance and admiration.
`,
  },
];
