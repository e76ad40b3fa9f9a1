import { earns } from './programmes.js';
import type { ProgramInput, RewardCategory } from './schema.js';

/**
 * Widely held travel and cash-back cards of the product's markets, with their published earn
 * rates (points per unit of the market's currency; Indian and Mexican cards earn per rupee or
 * peso) as known from general knowledge, rounded. Point values are dated estimates; see README.
 */

type Rates = Partial<Record<RewardCategory, number>>;
interface Extra {
  /** Rates when booked through the card's own travel portal. */
  portal?: Rates;
  portalName?: string;
  transfersTo?: string[];
  /** A co-branded card's bonus that applies only with one airline's or hotel group's bookings. */
  with?: { program: string; rates: Rates };
}

function card(
  id: string,
  name: string,
  country: ProgramInput['country'],
  unit: string,
  rates: Rates,
  pointValueCents: number,
  valueSource: string,
  extra: Extra = {},
): ProgramInput {
  const scoped = extra.with ? earns(extra.with.rates).map((e) => ({ ...e, program: extra.with!.program })) : [];
  const portal = extra.portal ? earns(extra.portal).map((e) => ({ ...e, note: `booked through ${extra.portalName ?? 'the card’s travel portal'}` })) : [];
  return {
    id,
    name,
    kind: 'card',
    country,
    unit,
    earns: [...earns(rates), ...scoped],
    portal,
    pointValueCents,
    valueSource,
    transfersTo: extra.transfersTo ?? [],
  };
}

const TPG = 'The Points Guy valuation, 2025 (rounded; dated estimate)';
const CASH = 'Cash back or statement credit: face value';
const PRINCE = 'Prince of Travel valuation, 2025 (CAD; dated estimate)';
const HFP = 'Head for Points valuation, 2025 (pence; dated estimate)';
const POINT_HACKS = 'Point Hacks valuation, 2025 (AUD cents; dated estimate)';
const CARDEXPERT = 'CardExpert / TechnoFino redemption value, 2025 (paise; dated estimate)';
const MX = 'Estimate from the issuer’s redemption catalogue, 2025 (centavos)';

const CHASE_UR = [
  'united-mileageplus',
  'world-of-hyatt',
  'marriott-bonvoy',
  'ihg-one-rewards',
  'ba-executive-club',
  'flying-blue',
  'aeroplan',
  'iberia-plus',
  'virgin-flying-club',
  'singapore-krisflyer',
  'emirates-skywards',
];
const AMEX_US = [
  'delta-skymiles',
  'ba-executive-club',
  'flying-blue',
  'aeroplan',
  'singapore-krisflyer',
  'emirates-skywards',
  'iberia-plus',
  'virgin-flying-club',
  'qantas-frequent-flyer',
  'aeromexico-rewards',
  'avianca-lifemiles',
  'qatar-privilege-club',
  'cathay-asia-miles',
  'marriott-bonvoy',
  'hilton-honors',
];
const CAP1 = [
  'aeroplan',
  'ba-executive-club',
  'flying-blue',
  'emirates-skywards',
  'singapore-krisflyer',
  'turkish-miles-smiles',
  'avianca-lifemiles',
  'qatar-privilege-club',
  'virgin-flying-club',
  'cathay-asia-miles',
  'wyndham-rewards',
  'accor-all',
  'choice-privileges',
];
const CITI = [
  'aa-aadvantage',
  'turkish-miles-smiles',
  'flying-blue',
  'singapore-krisflyer',
  'emirates-skywards',
  'qatar-privilege-club',
  'virgin-flying-club',
  'avianca-lifemiles',
  'aeromexico-rewards',
  'cathay-asia-miles',
  'accor-all',
  'wyndham-rewards',
  'choice-privileges',
];
const BILT = [
  'world-of-hyatt',
  'aa-aadvantage',
  'united-mileageplus',
  'aeroplan',
  'flying-blue',
  'ba-executive-club',
  'iberia-plus',
  'turkish-miles-smiles',
  'emirates-skywards',
  'virgin-flying-club',
  'alaska-mileage-plan',
  'cathay-asia-miles',
  'ihg-one-rewards',
  'marriott-bonvoy',
  'hilton-honors',
  'accor-all',
];
const AMEX_CA = ['aeroplan', 'ba-executive-club', 'flying-blue', 'cathay-asia-miles', 'marriott-bonvoy', 'hilton-honors'];
const AMEX_GB = [
  'ba-executive-club',
  'virgin-flying-club',
  'flying-blue',
  'emirates-skywards',
  'singapore-krisflyer',
  'qatar-privilege-club',
  'cathay-asia-miles',
  'marriott-bonvoy',
  'hilton-honors',
];
const AXIS = [
  'air-india-maharaja',
  'singapore-krisflyer',
  'turkish-miles-smiles',
  'flying-blue',
  'qatar-privilege-club',
  'united-mileageplus',
  'marriott-bonvoy',
  'accor-all',
  'ihg-one-rewards',
];
const HDFC = [
  'singapore-krisflyer',
  'flying-blue',
  'air-india-maharaja',
  'turkish-miles-smiles',
  'avianca-lifemiles',
  'united-mileageplus',
  'marriott-bonvoy',
  'accor-all',
  'ihg-one-rewards',
];

const TRAVEL = (rate: number): Rates => ({ flights: rate, hotels: rate, car_rental: rate });

export const CARDS: ProgramInput[] = [
  // United States
  card(
    'chase-sapphire-preferred',
    'Chase Sapphire Preferred',
    'US',
    'Ultimate Rewards points',
    { ...TRAVEL(2), transit: 2, dining: 3, groceries: 3, other: 1 },
    2.05,
    TPG,
    { portal: TRAVEL(5), portalName: 'Chase Travel', transfersTo: CHASE_UR },
  ),
  card(
    'chase-sapphire-reserve',
    'Chase Sapphire Reserve',
    'US',
    'Ultimate Rewards points',
    { flights: 4, hotels: 4, car_rental: 1, transit: 1, dining: 3, groceries: 1, other: 1 },
    2.05,
    TPG,
    { portal: TRAVEL(8), portalName: 'Chase Travel', transfersTo: CHASE_UR },
  ),
  card(
    'chase-freedom-unlimited',
    'Chase Freedom Unlimited',
    'US',
    'Ultimate Rewards points',
    { dining: 3, other: 1.5 },
    1,
    `${CASH} (more when pooled with a Sapphire card)`,
    { portal: TRAVEL(5), portalName: 'Chase Travel' },
  ),
  card('amex-gold-us', 'American Express Gold Card', 'US', 'Membership Rewards points', { flights: 3, dining: 4, groceries: 4, other: 1 }, 2, TPG, {
    portal: { hotels: 2 },
    portalName: 'AmexTravel.com (prepaid)',
    transfersTo: AMEX_US,
  }),
  card('amex-platinum-us', 'The Platinum Card from American Express', 'US', 'Membership Rewards points', { flights: 5, other: 1 }, 2, TPG, {
    portal: { hotels: 5 },
    portalName: 'AmexTravel.com (prepaid)',
    transfersTo: AMEX_US,
  }),
  card('capital-one-venture-x', 'Capital One Venture X', 'US', 'Capital One miles', { other: 2 }, 1.85, TPG, {
    portal: { flights: 5, hotels: 10, car_rental: 10 },
    portalName: 'Capital One Travel',
    transfersTo: CAP1,
  }),
  card('capital-one-venture', 'Capital One Venture Rewards', 'US', 'Capital One miles', { other: 2 }, 1.85, TPG, {
    portal: { hotels: 5, car_rental: 5 },
    portalName: 'Capital One Travel',
    transfersTo: CAP1,
  }),
  card('capital-one-savorone', 'Capital One Savor', 'US', 'cash rewards (cents)', { dining: 3, groceries: 3, other: 1 }, 1, CASH, {
    portal: { hotels: 5, car_rental: 5 },
    portalName: 'Capital One Travel',
  }),
  card('citi-strata-premier', 'Citi Strata Premier', 'US', 'ThankYou points', { ...TRAVEL(3), transit: 3, dining: 3, groceries: 3, other: 1 }, 1.9, TPG, {
    portal: { hotels: 10, car_rental: 10 },
    portalName: 'Citi Travel',
    transfersTo: CITI,
  }),
  card('citi-strata-elite', 'Citi Strata Elite', 'US', 'ThankYou points', { dining: 3, other: 1.5 }, 1.9, TPG, {
    portal: { flights: 6, hotels: 12, car_rental: 12 },
    portalName: 'Citi Travel',
    transfersTo: CITI,
  }),
  card('citi-double-cash', 'Citi Double Cash', 'US', 'ThankYou points', { other: 2 }, 1, CASH, {
    portal: { hotels: 5, car_rental: 5 },
    portalName: 'Citi Travel',
  }),
  card('bilt-mastercard', 'Bilt Mastercard', 'US', 'Bilt points', { ...TRAVEL(2), transit: 2, dining: 3, other: 1 }, 2.2, TPG, { transfersTo: BILT }),
  card('wells-fargo-autograph', 'Wells Fargo Autograph', 'US', 'Wells Fargo Rewards points', { ...TRAVEL(3), transit: 3, dining: 3, other: 1 }, 1, CASH, {
    transfersTo: ['flying-blue', 'ba-executive-club', 'iberia-plus', 'avianca-lifemiles', 'choice-privileges'],
  }),
  card('discover-it-miles', 'Discover it Miles', 'US', 'miles', { other: 1.5 }, 1, CASH),
  card('united-explorer', 'United Explorer Card', 'US', 'MileagePlus miles', { dining: 2, hotels: 2, other: 1 }, 1.35, TPG, {
    with: { program: 'united-mileageplus', rates: { flights: 2 } },
  }),
  card('delta-skymiles-gold-amex', 'Delta SkyMiles Gold American Express', 'US', 'SkyMiles', { dining: 2, groceries: 2, other: 1 }, 1.2, TPG, {
    with: { program: 'delta-skymiles', rates: { flights: 2 } },
  }),
  card('citi-aadvantage-platinum', 'Citi / AAdvantage Platinum Select', 'US', 'AAdvantage miles', { dining: 2, transit: 2, other: 1 }, 1.65, TPG, {
    with: { program: 'aa-aadvantage', rates: { flights: 2 } },
  }),
  card('alaska-atmos-visa', 'Atmos Rewards Ascent Visa (Alaska Airlines)', 'US', 'Atmos points', { transit: 2, other: 1 }, 1.45, TPG, {
    with: { program: 'alaska-mileage-plan', rates: { flights: 3 } },
  }),
  card('marriott-bonvoy-boundless', 'Marriott Bonvoy Boundless', 'US', 'Bonvoy points', { dining: 3, groceries: 3, transit: 3, other: 2 }, 0.8, TPG, {
    with: { program: 'marriott-bonvoy', rates: { hotels: 6 } },
  }),
  card(
    'hilton-honors-surpass',
    'Hilton Honors American Express Surpass',
    'US',
    'Hilton Honors points',
    { dining: 6, groceries: 6, transit: 6, other: 3 },
    0.5,
    TPG,
    { with: { program: 'hilton-honors', rates: { hotels: 12 } } },
  ),
  card('world-of-hyatt-card', 'World of Hyatt Credit Card', 'US', 'Hyatt points', { flights: 2, transit: 2, dining: 2, other: 1 }, 1.7, TPG, {
    with: { program: 'world-of-hyatt', rates: { hotels: 4 } },
  }),
  card('ihg-one-rewards-premier', 'IHG One Rewards Premier', 'US', 'IHG points', { ...TRAVEL(5), dining: 5, transit: 5, other: 3 }, 0.5, TPG, {
    with: { program: 'ihg-one-rewards', rates: { hotels: 10 } },
  }),
  // Canada
  card(
    'amex-cobalt-ca',
    'American Express Cobalt Card',
    'CA',
    'Membership Rewards points',
    { ...TRAVEL(2), transit: 2, dining: 5, groceries: 5, other: 1 },
    2,
    PRINCE,
    { transfersTo: AMEX_CA },
  ),
  card('amex-platinum-ca', 'The Platinum Card (American Express Canada)', 'CA', 'Membership Rewards points', { ...TRAVEL(2), dining: 2, other: 1 }, 2, PRINCE, {
    portal: TRAVEL(3),
    portalName: 'Amex Travel',
    transfersTo: AMEX_CA,
  }),
  card('td-aeroplan-visa-infinite', 'TD Aeroplan Visa Infinite', 'CA', 'Aeroplan points', { groceries: 1.5, transit: 1.5, other: 1 }, 2, PRINCE, {
    with: { program: 'aeroplan', rates: { flights: 1.5 } },
  }),
  card(
    'scotiabank-passport-visa-infinite',
    'Scotiabank Passport Visa Infinite',
    'CA',
    'Scene+ points',
    { groceries: 3, dining: 2, transit: 2, other: 1 },
    1,
    CASH,
  ),
  card('scotiabank-gold-amex', 'Scotiabank Gold American Express', 'CA', 'Scene+ points', { dining: 5, groceries: 5, transit: 3, other: 1 }, 1, CASH),
  card('rbc-avion-visa-infinite', 'RBC Avion Visa Infinite', 'CA', 'Avion points', { flights: 1.25, hotels: 1.25, car_rental: 1.25, other: 1 }, 1.6, PRINCE, {
    transfersTo: ['ba-executive-club', 'cathay-asia-miles', 'westjet-rewards'],
  }),
  card(
    'cibc-aventura-visa-infinite',
    'CIBC Aventura Visa Infinite',
    'CA',
    'Aventura points',
    { dining: 1.5, groceries: 1.5, transit: 1.5, other: 1 },
    1.2,
    PRINCE,
    { portal: TRAVEL(2), portalName: 'the CIBC Rewards Centre' },
  ),
  card('bmo-eclipse-visa-infinite', 'BMO eclipse Visa Infinite', 'CA', 'BMO Rewards points', { dining: 5, groceries: 5, transit: 5, other: 1 }, 0.67, CASH),
  card('westjet-rbc-world-elite', 'WestJet RBC World Elite Mastercard', 'CA', 'WestJet dollars', { other: 0.015 }, 100, 'Face value: 1 WestJet dollar = CA$1', {
    with: { program: 'westjet-rewards', rates: { flights: 0.02 } },
  }),
  // United Kingdom
  card('ba-amex-premium-plus', 'British Airways American Express Premium Plus', 'GB', 'Avios', { other: 1.5 }, 1, HFP, {
    with: { program: 'ba-executive-club', rates: { flights: 3, hotels: 3 } },
  }),
  card('ba-amex', 'British Airways American Express', 'GB', 'Avios', { other: 1 }, 1, HFP, { with: { program: 'ba-executive-club', rates: { flights: 2 } } }),
  card('amex-platinum-uk', 'The Platinum Card (American Express UK)', 'GB', 'Membership Rewards points', { other: 1 }, 1, HFP, {
    portal: { flights: 2, hotels: 2 },
    portalName: 'Amex Travel',
    transfersTo: AMEX_GB,
  }),
  card('amex-gold-uk', 'American Express Preferred Rewards Gold', 'GB', 'Membership Rewards points', { flights: 2, other: 1 }, 1, HFP, {
    portal: { flights: 3 },
    portalName: 'Amex Travel',
    transfersTo: AMEX_GB,
  }),
  card('barclaycard-avios-plus', 'Barclaycard Avios Plus', 'GB', 'Avios', { other: 1.5 }, 1, HFP, {
    with: { program: 'ba-executive-club', rates: { flights: 3 } },
  }),
  card('virgin-atlantic-reward-plus', 'Virgin Atlantic Reward+ Credit Card', 'GB', 'Virgin Points', { other: 1.5 }, 1, HFP, {
    with: { program: 'virgin-flying-club', rates: { flights: 3 } },
  }),
  // Euro area
  card(
    'amex-platinum-de',
    'American Express Platinum (Germany)',
    'EU',
    'Membership Rewards points',
    { other: 1 },
    1,
    'Estimate from transfers to Miles & More and Flying Blue, 2025 (euro cents)',
    {
      portal: TRAVEL(2),
      portalName: 'Amex Travel',
      transfersTo: ['miles-and-more', 'flying-blue', 'ba-executive-club', 'iberia-plus', 'emirates-skywards', 'marriott-bonvoy', 'hilton-honors'],
    },
  ),
  card('miles-and-more-gold-card', 'Miles & More Gold Credit Card', 'EU', 'miles', { other: 0.5 }, 1.1, TPG, {
    with: { program: 'miles-and-more', rates: { flights: 1 } },
  }),
  card('flying-blue-amex-fr', 'Carte Air France KLM Flying Blue American Express', 'EU', 'miles', { other: 1 }, 1.2, TPG, {
    with: { program: 'flying-blue', rates: { flights: 2 } },
  }),
  card('iberia-visa-icon', 'Iberia Icon Visa', 'EU', 'Avios', { other: 1 }, 1.1, TPG, { with: { program: 'iberia-plus', rates: { flights: 3 } } }),
  // Australia
  card('qantas-amex-ultimate', 'Qantas American Express Ultimate', 'AU', 'Qantas Points', { other: 1.25 }, 1.3, POINT_HACKS, {
    with: { program: 'qantas-frequent-flyer', rates: { flights: 2.25 } },
  }),
  card('amex-platinum-au', 'The Platinum Card (American Express Australia)', 'AU', 'Membership Rewards points', { flights: 3, other: 2.25 }, 0.7, POINT_HACKS, {
    transfersTo: ['velocity', 'singapore-krisflyer', 'emirates-skywards', 'qatar-privilege-club', 'cathay-asia-miles', 'marriott-bonvoy', 'hilton-honors'],
  }),
  card('anz-frequent-flyer-black', 'ANZ Frequent Flyer Black', 'AU', 'Qantas Points', { other: 0.75 }, 1.3, POINT_HACKS, {
    with: { program: 'qantas-frequent-flyer', rates: { flights: 1.75 } },
  }),
  card('westpac-altitude-black', 'Westpac Altitude Black', 'AU', 'Altitude points', { other: 1.25 }, 0.7, POINT_HACKS, {
    transfersTo: ['velocity', 'singapore-krisflyer', 'flying-blue'],
  }),
  card('velocity-flyer-card', 'Virgin Money Velocity Flyer Card', 'AU', 'Velocity Points', { other: 0.66 }, 1.1, POINT_HACKS, {
    with: { program: 'velocity', rates: { flights: 1.5 } },
  }),
  // India (rates per rupee: 5 points per ₹150 = 0.0333)
  card('hdfc-infinia', 'HDFC Bank Infinia Metal', 'IN', 'Reward Points', { other: 0.0333 }, 100, CARDEXPERT, {
    portal: { flights: 0.1667, hotels: 0.3333 },
    portalName: 'HDFC SmartBuy',
    transfersTo: HDFC,
  }),
  card('hdfc-diners-black', 'HDFC Bank Diners Club Black Metal', 'IN', 'Reward Points', { other: 0.0333 }, 100, CARDEXPERT, {
    portal: { flights: 0.1667, hotels: 0.3333 },
    portalName: 'HDFC SmartBuy',
    transfersTo: HDFC,
  }),
  card('axis-atlas', 'Axis Bank Atlas', 'IN', 'EDGE Miles', { flights: 0.05, hotels: 0.05, other: 0.02 }, 100, CARDEXPERT, {
    portal: TRAVEL(0.05),
    portalName: 'Axis Travel Edge',
    transfersTo: AXIS,
  }),
  card('amex-platinum-travel-in', 'American Express Platinum Travel (India)', 'IN', 'Membership Rewards points', { other: 0.02 }, 50, CARDEXPERT, {
    transfersTo: ['marriott-bonvoy', 'singapore-krisflyer', 'emirates-skywards', 'qatar-privilege-club'],
  }),
  card('sbi-miles-elite', 'SBI Card MILES ELITE', 'IN', 'Travel Credits', { flights: 0.03, hotels: 0.03, car_rental: 0.03, other: 0.01 }, 100, CARDEXPERT, {
    transfersTo: ['air-india-maharaja', 'singapore-krisflyer', 'flying-blue', 'ihg-one-rewards'],
  }),
  // Mexico (rates per peso)
  card('aeromexico-citibanamex-infinite', 'Tarjeta Aeroméxico Visa Infinite Citibanamex', 'MX', 'Aeroméxico Points', { other: 0.1 }, 22, MX, {
    with: { program: 'aeromexico-rewards', rates: { flights: 0.2 } },
  }),
  card('amex-platinum-mx', 'The Platinum Card (American Express México)', 'MX', 'Membership Rewards points', { flights: 0.1, other: 0.05 }, 30, MX, {
    portal: TRAVEL(0.1),
    portalName: 'Amex Travel',
    transfersTo: ['aeromexico-rewards', 'flying-blue', 'ba-executive-club', 'marriott-bonvoy', 'hilton-honors'],
  }),
  card('bbva-azul', 'Tarjeta de Crédito Azul BBVA', 'MX', 'Puntos BBVA', { other: 0.085 }, 8, MX),
];
