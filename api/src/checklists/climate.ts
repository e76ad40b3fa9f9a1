/**
 * Climate normals of major destinations, shipped as data for "Suggest items". Written from
 * general knowledge of published 1991–2020 style normals, rounded (see README "Book smart"):
 * for each place its January and July mean daily high and low (°C) and rainy days (≥ 1 mm);
 * other months are interpolated between the two along a cosine, which follows the seasonal
 * swing closely enough to choose what to pack. Places not listed fall back to the nearest listed
 * place within 400 km, then to a latitude band.
 */

/** [name, ISO country, latitude, longitude, high Jan, high Jul, low Jan, low Jul, rain days Jan, rain days Jul, aliases?] */
type Row = [string, string, number, number, number, number, number, number, number, number, string[]?];

const ROWS: Row[] = [
  // Europe
  ['Reykjavik', 'IS', 64.1, -21.9, 3, 14, -3, 9, 15, 10, ['Reykjavík']],
  ['London', 'GB', 51.5, -0.1, 8, 24, 2, 14, 11, 8],
  ['Edinburgh', 'GB', 55.95, -3.2, 7, 19, 1, 11, 12, 10],
  ['Manchester', 'GB', 53.5, -2.2, 7, 20, 2, 12, 13, 10],
  ['Dublin', 'IE', 53.35, -6.26, 8, 20, 3, 12, 13, 10],
  ['Paris', 'FR', 48.86, 2.35, 8, 26, 3, 15, 10, 7],
  ['Nice', 'FR', 43.7, 7.27, 13, 28, 5, 20, 6, 2],
  ['Lyon', 'FR', 45.76, 4.84, 7, 28, 0, 16, 8, 7],
  ['Marseille', 'FR', 43.3, 5.37, 12, 30, 3, 19, 5, 2],
  ['Amsterdam', 'NL', 52.37, 4.9, 6, 22, 1, 13, 12, 10],
  ['Brussels', 'BE', 50.85, 4.35, 6, 23, 1, 13, 12, 9],
  ['Berlin', 'DE', 52.52, 13.4, 3, 24, -2, 14, 10, 9],
  ['Munich', 'DE', 48.14, 11.58, 3, 24, -4, 13, 9, 12, ['München']],
  ['Frankfurt', 'DE', 50.11, 8.68, 4, 25, -1, 14, 10, 9],
  ['Hamburg', 'DE', 53.55, 10.0, 4, 23, -1, 13, 12, 10],
  ['Vienna', 'AT', 48.21, 16.37, 3, 26, -2, 16, 7, 9, ['Wien']],
  ['Innsbruck', 'AT', 47.27, 11.4, 3, 25, -6, 13, 7, 12],
  ['Zurich', 'CH', 47.37, 8.54, 3, 24, -2, 14, 9, 11, ['Zürich']],
  ['Geneva', 'CH', 46.2, 6.14, 5, 27, -1, 15, 8, 7, ['Genève']],
  ['Zermatt', 'CH', 46.02, 7.75, 0, 19, -9, 6, 7, 10],
  ['Prague', 'CZ', 50.08, 14.44, 1, 24, -4, 13, 8, 10, ['Praha']],
  ['Budapest', 'HU', 47.5, 19.04, 3, 28, -3, 16, 6, 7],
  ['Warsaw', 'PL', 52.23, 21.01, 0, 24, -5, 13, 9, 9, ['Warszawa']],
  ['Krakow', 'PL', 50.06, 19.94, 1, 24, -5, 13, 8, 11, ['Kraków']],
  ['Copenhagen', 'DK', 55.68, 12.57, 3, 21, -1, 13, 10, 9, ['København']],
  ['Stockholm', 'SE', 59.33, 18.07, 0, 23, -5, 13, 9, 8],
  ['Oslo', 'NO', 59.91, 10.75, -2, 22, -7, 13, 9, 10],
  ['Tromso', 'NO', 69.65, 18.96, -2, 15, -7, 9, 14, 11, ['Tromsø']],
  ['Helsinki', 'FI', 60.17, 24.94, -3, 22, -8, 13, 10, 8],
  ['Rovaniemi', 'FI', 66.5, 25.73, -9, 20, -17, 9, 10, 9, ['Lapland']],
  ['Tallinn', 'EE', 59.44, 24.75, -2, 21, -7, 12, 10, 9],
  ['Riga', 'LV', 56.95, 24.1, -2, 23, -7, 13, 10, 10],
  ['Lisbon', 'PT', 38.72, -9.14, 15, 28, 8, 18, 10, 1, ['Lisboa']],
  ['Porto', 'PT', 41.15, -8.61, 14, 25, 5, 15, 13, 3],
  ['Faro', 'PT', 37.02, -7.93, 16, 29, 8, 19, 7, 0, ['Algarve']],
  ['Madeira', 'PT', 32.65, -16.91, 19, 25, 13, 19, 8, 1, ['Funchal']],
  ['Madrid', 'ES', 40.42, -3.7, 10, 33, 3, 19, 6, 2],
  ['Barcelona', 'ES', 41.39, 2.17, 14, 29, 5, 21, 5, 3],
  ['Seville', 'ES', 37.39, -5.98, 16, 36, 6, 20, 6, 0, ['Sevilla']],
  ['Valencia', 'ES', 39.47, -0.38, 16, 30, 7, 21, 4, 1],
  ['Malaga', 'ES', 36.72, -4.42, 17, 31, 8, 21, 6, 0, ['Málaga']],
  ['Palma', 'ES', 39.57, 2.65, 15, 31, 6, 20, 6, 1, ['Mallorca', 'Majorca', 'Ibiza']],
  ['Tenerife', 'ES', 28.29, -16.63, 21, 28, 15, 21, 4, 0, ['Canary Islands', 'Gran Canaria', 'Las Palmas']],
  ['Rome', 'IT', 41.9, 12.5, 12, 31, 3, 18, 7, 2, ['Roma']],
  ['Milan', 'IT', 45.46, 9.19, 6, 29, -1, 18, 6, 5, ['Milano']],
  ['Venice', 'IT', 45.44, 12.33, 6, 28, 0, 18, 6, 6, ['Venezia']],
  ['Florence', 'IT', 43.77, 11.26, 10, 32, 2, 18, 7, 3, ['Firenze', 'Tuscany']],
  ['Naples', 'IT', 40.85, 14.27, 13, 30, 5, 19, 9, 2, ['Napoli', 'Amalfi', 'Capri']],
  ['Palermo', 'IT', 38.12, 13.36, 15, 30, 9, 22, 9, 1, ['Sicily']],
  ['Dolomites', 'IT', 46.54, 11.85, 1, 21, -9, 8, 5, 12, ['Cortina d’Ampezzo', 'Cortina']],
  ['Athens', 'GR', 37.98, 23.73, 13, 33, 7, 23, 11, 1, ['Athina']],
  ['Santorini', 'GR', 36.39, 25.46, 14, 29, 10, 22, 9, 0, ['Mykonos', 'Cyclades']],
  ['Crete', 'GR', 35.34, 25.13, 16, 29, 9, 22, 12, 0, ['Heraklion', 'Chania']],
  ['Dubrovnik', 'HR', 42.65, 18.09, 12, 29, 6, 21, 11, 4, ['Split', 'Croatia']],
  ['Istanbul', 'TR', 41.01, 28.98, 9, 29, 3, 20, 12, 2],
  ['Antalya', 'TR', 36.9, 30.7, 15, 34, 6, 23, 9, 0],
  ['Cappadocia', 'TR', 38.64, 34.83, 4, 30, -5, 15, 8, 2, ['Göreme', 'Goreme']],
  ['Valletta', 'MT', 35.9, 14.51, 16, 31, 10, 23, 10, 0, ['Malta']],
  ['Chamonix', 'FR', 45.92, 6.87, 2, 23, -8, 9, 10, 11],
  ['Moscow', 'RU', 55.76, 37.62, -4, 24, -10, 14, 12, 11],
  // Americas
  ['New York', 'US', 40.71, -74.01, 4, 29, -3, 21, 11, 10, ['NYC', 'Manhattan', 'Brooklyn']],
  ['Boston', 'US', 42.36, -71.06, 2, 28, -6, 19, 11, 10],
  ['Washington', 'US', 38.9, -77.04, 7, 32, -2, 22, 10, 10, ['Washington DC', 'Washington, D.C.']],
  ['Chicago', 'US', 41.88, -87.63, 0, 29, -8, 20, 11, 10],
  ['Miami', 'US', 25.76, -80.19, 24, 33, 16, 26, 7, 16, ['Miami Beach']],
  ['Orlando', 'US', 28.54, -81.38, 22, 33, 10, 23, 6, 17],
  ['Key West', 'US', 24.56, -81.78, 24, 32, 18, 27, 6, 13],
  ['New Orleans', 'US', 29.95, -90.07, 17, 33, 7, 24, 10, 15],
  ['Atlanta', 'US', 33.75, -84.39, 12, 32, 2, 22, 11, 12],
  ['Nashville', 'US', 36.16, -86.78, 9, 32, -2, 21, 11, 10],
  ['Austin', 'US', 30.27, -97.74, 17, 36, 5, 23, 7, 5],
  ['Houston', 'US', 29.76, -95.37, 17, 34, 7, 24, 9, 9],
  ['Denver', 'US', 39.74, -104.99, 7, 32, -8, 15, 5, 9],
  ['Aspen', 'US', 39.19, -106.82, 1, 27, -15, 6, 9, 10, ['Vail', 'Breckenridge']],
  ['Salt Lake City', 'US', 40.76, -111.89, 3, 34, -6, 20, 9, 4, ['Park City']],
  ['Las Vegas', 'US', 36.17, -115.14, 14, 40, 4, 27, 3, 2],
  ['Phoenix', 'US', 33.45, -112.07, 19, 41, 7, 29, 4, 4],
  ['Grand Canyon', 'US', 36.06, -112.14, 5, 29, -8, 10, 6, 9, ['Sedona']],
  ['Los Angeles', 'US', 34.05, -118.24, 20, 29, 9, 18, 6, 0, ['LA', 'Santa Monica']],
  ['San Diego', 'US', 32.72, -117.16, 19, 25, 9, 18, 7, 0],
  ['San Francisco', 'US', 37.77, -122.42, 14, 22, 8, 13, 11, 0],
  ['Yosemite', 'US', 37.75, -119.59, 9, 32, -3, 12, 8, 1, ['Lake Tahoe']],
  ['Seattle', 'US', 47.61, -122.33, 8, 26, 3, 14, 18, 5],
  ['Portland', 'US', 45.52, -122.68, 9, 28, 2, 14, 18, 4],
  ['Anchorage', 'US', 61.22, -149.9, -5, 19, -12, 11, 8, 12, ['Alaska']],
  ['Honolulu', 'US', 21.31, -157.86, 27, 31, 19, 23, 9, 7, ['Hawaii', 'Oahu', 'Waikiki', 'Maui']],
  ['Toronto', 'CA', 43.65, -79.38, -1, 27, -8, 18, 12, 10],
  ['Montreal', 'CA', 45.5, -73.57, -5, 26, -14, 16, 13, 11, ['Montréal']],
  ['Quebec City', 'CA', 46.81, -71.21, -8, 25, -18, 14, 15, 13, ['Québec']],
  ['Vancouver', 'CA', 49.28, -123.12, 7, 22, 1, 13, 19, 6],
  ['Whistler', 'CA', 50.12, -122.95, -1, 26, -7, 10, 17, 7],
  ['Banff', 'CA', 51.18, -115.57, -3, 22, -14, 7, 8, 12, ['Lake Louise', 'Jasper']],
  ['Calgary', 'CA', 51.05, -114.07, -1, 23, -13, 10, 6, 11],
  ['Halifax', 'CA', 44.65, -63.57, -1, 23, -10, 14, 15, 11],
  ['Mexico City', 'MX', 19.43, -99.13, 22, 24, 6, 13, 2, 20, ['Ciudad de México', 'CDMX']],
  ['Cancun', 'MX', 21.16, -86.85, 28, 33, 19, 24, 6, 8, ['Cancún', 'Riviera Maya', 'Playa del Carmen', 'Tulum', 'Cozumel']],
  ['Puerto Vallarta', 'MX', 20.65, -105.23, 28, 32, 16, 24, 1, 14],
  ['Los Cabos', 'MX', 22.89, -109.91, 26, 34, 14, 24, 1, 1, ['Cabo San Lucas', 'San José del Cabo']],
  ['Oaxaca', 'MX', 17.06, -96.73, 27, 27, 8, 15, 1, 14],
  ['Guadalajara', 'MX', 20.67, -103.35, 25, 27, 6, 16, 2, 20],
  ['Havana', 'CU', 23.11, -82.37, 26, 32, 18, 23, 6, 10, ['La Habana']],
  ['Punta Cana', 'DO', 18.58, -68.4, 29, 31, 20, 23, 8, 10, ['Santo Domingo']],
  ['San Juan', 'PR', 18.47, -66.11, 28, 31, 21, 24, 14, 16, ['Puerto Rico']],
  ['Nassau', 'BS', 25.05, -77.35, 25, 32, 17, 24, 6, 13, ['Bahamas']],
  ['Montego Bay', 'JM', 18.47, -77.92, 30, 32, 21, 24, 5, 7, ['Jamaica', 'Kingston']],
  ['Costa Rica', 'CR', 9.93, -84.08, 24, 26, 15, 17, 2, 18, ['San José', 'Guanacaste']],
  ['Panama City', 'PA', 8.98, -79.52, 31, 30, 23, 24, 3, 18],
  ['Cartagena', 'CO', 10.39, -75.48, 31, 32, 23, 25, 0, 8],
  ['Bogota', 'CO', 4.71, -74.07, 20, 19, 6, 8, 6, 12, ['Bogotá', 'Medellín', 'Medellin']],
  ['Lima', 'PE', -12.05, -77.04, 26, 19, 21, 15, 1, 1],
  ['Cusco', 'PE', -13.53, -71.97, 19, 20, 7, -1, 20, 2, ['Machu Picchu', 'Cuzco']],
  ['Quito', 'EC', -0.18, -78.47, 19, 20, 10, 9, 15, 5, ['Galápagos', 'Galapagos']],
  ['Rio de Janeiro', 'BR', -22.91, -43.17, 30, 25, 24, 19, 12, 6, ['Rio']],
  ['Sao Paulo', 'BR', -23.55, -46.63, 28, 22, 19, 12, 17, 6, ['São Paulo']],
  ['Salvador', 'BR', -12.97, -38.5, 30, 26, 24, 21, 10, 17],
  ['Buenos Aires', 'AR', -34.6, -58.38, 30, 15, 20, 8, 9, 8],
  ['Bariloche', 'AR', -41.13, -71.31, 22, 6, 7, -2, 3, 13],
  ['Ushuaia', 'AR', -54.8, -68.3, 14, 4, 5, -2, 13, 12, ['Patagonia', 'El Calafate']],
  ['Santiago', 'CL', -33.45, -70.67, 30, 15, 13, 3, 0, 6],
  ['Montevideo', 'UY', -34.9, -56.16, 28, 14, 17, 6, 7, 8],
  // Africa and the Middle East
  ['Marrakech', 'MA', 31.63, -8.01, 18, 37, 6, 20, 4, 1, ['Marrakesh']],
  ['Cairo', 'EG', 30.04, 31.24, 19, 35, 9, 22, 1, 0, ['Giza', 'Luxor']],
  ['Sharm El Sheikh', 'EG', 27.92, 34.33, 22, 37, 14, 28, 0, 0, ['Hurghada']],
  ['Cape Town', 'ZA', -33.92, 18.42, 27, 18, 16, 7, 2, 10],
  ['Johannesburg', 'ZA', -26.2, 28.05, 26, 17, 15, 4, 13, 1, ['Kruger']],
  ['Nairobi', 'KE', -1.29, 36.82, 25, 22, 12, 11, 5, 4, ['Masai Mara', 'Maasai Mara']],
  ['Zanzibar', 'TZ', -6.17, 39.2, 32, 28, 24, 21, 6, 5, ['Kilimanjaro', 'Serengeti', 'Arusha']],
  ['Mauritius', 'MU', -20.16, 57.5, 30, 24, 23, 18, 14, 11],
  ['Seychelles', 'SC', -4.62, 55.45, 30, 28, 24, 24, 16, 10],
  ['Dubai', 'AE', 25.2, 55.27, 24, 41, 15, 30, 1, 0, ['Abu Dhabi']],
  ['Doha', 'QA', 25.29, 51.53, 22, 42, 14, 30, 1, 0],
  ['Tel Aviv', 'IL', 32.09, 34.78, 18, 31, 10, 25, 10, 0, ['Jerusalem']],
  ['Petra', 'JO', 30.33, 35.44, 13, 33, 3, 18, 4, 0, ['Amman', 'Wadi Rum']],
  // Asia
  ['Tokyo', 'JP', 35.68, 139.69, 10, 30, 1, 23, 5, 12],
  ['Kyoto', 'JP', 35.01, 135.77, 9, 32, 1, 24, 7, 12, ['Osaka']],
  ['Sapporo', 'JP', 43.06, 141.35, -1, 26, -7, 18, 17, 9, ['Hokkaido', 'Niseko']],
  ['Okinawa', 'JP', 26.21, 127.68, 20, 32, 14, 27, 11, 10, ['Naha']],
  ['Seoul', 'KR', 37.57, 126.98, 2, 29, -6, 22, 5, 16],
  ['Busan', 'KR', 35.18, 129.08, 8, 28, -1, 22, 4, 14],
  ['Beijing', 'CN', 39.9, 116.41, 2, 31, -8, 22, 2, 13],
  ['Shanghai', 'CN', 31.23, 121.47, 8, 33, 1, 26, 10, 13],
  ['Hong Kong', 'HK', 22.32, 114.17, 19, 32, 15, 27, 5, 17],
  ['Taipei', 'TW', 25.03, 121.57, 19, 34, 14, 26, 14, 12],
  ['Bangkok', 'TH', 13.76, 100.5, 32, 33, 22, 26, 1, 16],
  ['Chiang Mai', 'TH', 18.79, 98.99, 29, 32, 15, 23, 1, 19],
  ['Phuket', 'TH', 7.88, 98.39, 32, 31, 23, 25, 3, 18, ['Krabi', 'Koh Samui', 'Ko Samui']],
  ['Hanoi', 'VN', 21.03, 105.85, 19, 33, 14, 27, 8, 15, ['Ha Long', 'Halong Bay']],
  ['Ho Chi Minh City', 'VN', 10.82, 106.63, 32, 32, 22, 25, 2, 22, ['Saigon']],
  ['Hoi An', 'VN', 15.88, 108.33, 25, 34, 19, 25, 14, 6, ['Da Nang']],
  ['Siem Reap', 'KH', 13.36, 103.86, 31, 33, 20, 25, 1, 17, ['Angkor', 'Phnom Penh']],
  ['Singapore', 'SG', 1.35, 103.82, 30, 31, 23, 25, 15, 14],
  ['Kuala Lumpur', 'MY', 3.14, 101.69, 32, 33, 23, 24, 13, 12, ['Langkawi', 'Penang']],
  ['Bali', 'ID', -8.65, 115.22, 30, 30, 24, 23, 20, 6, ['Denpasar', 'Ubud', 'Seminyak', 'Canggu']],
  ['Jakarta', 'ID', -6.21, 106.85, 30, 32, 24, 24, 19, 7],
  ['Manila', 'PH', 14.6, 120.98, 30, 31, 22, 25, 3, 21, ['Boracay', 'Palawan', 'El Nido']],
  ['Delhi', 'IN', 28.61, 77.21, 20, 35, 7, 27, 2, 13, ['New Delhi', 'Agra']],
  ['Jaipur', 'IN', 26.91, 75.79, 23, 35, 8, 27, 1, 11, ['Udaipur', 'Jodhpur', 'Rajasthan']],
  ['Mumbai', 'IN', 19.08, 72.88, 31, 30, 17, 25, 0, 23, ['Bombay']],
  ['Goa', 'IN', 15.3, 74.12, 32, 29, 20, 24, 0, 26, ['Panaji']],
  ['Bengaluru', 'IN', 12.97, 77.59, 28, 28, 16, 20, 0, 11, ['Bangalore', 'Mysore']],
  ['Chennai', 'IN', 13.08, 80.27, 29, 36, 21, 27, 1, 8, ['Madras', 'Pondicherry']],
  ['Kochi', 'IN', 9.93, 76.27, 31, 29, 23, 24, 1, 22, ['Kerala', 'Cochin', 'Munnar', 'Alleppey']],
  ['Kolkata', 'IN', 22.57, 88.36, 26, 32, 12, 26, 1, 18, ['Calcutta']],
  ['Leh', 'IN', 34.15, 77.58, -3, 25, -14, 10, 1, 2, ['Ladakh']],
  ['Shimla', 'IN', 31.1, 77.17, 9, 24, 2, 16, 5, 20, ['Manali', 'Darjeeling']],
  ['Kathmandu', 'NP', 27.72, 85.32, 19, 29, 2, 20, 1, 23, ['Pokhara', 'Everest']],
  ['Colombo', 'LK', 6.93, 79.86, 31, 29, 22, 25, 6, 11, ['Sri Lanka', 'Kandy', 'Galle']],
  ['Maldives', 'MV', 4.18, 73.51, 30, 31, 26, 26, 6, 10, ['Malé', 'Male']],
  // Oceania
  ['Sydney', 'AU', -33.87, 151.21, 26, 17, 19, 8, 12, 8, ['Bondi']],
  ['Melbourne', 'AU', -37.81, 144.96, 27, 14, 15, 6, 8, 11],
  ['Brisbane', 'AU', -27.47, 153.03, 30, 22, 21, 10, 13, 6, ['Gold Coast', 'Byron Bay']],
  ['Cairns', 'AU', -16.92, 145.77, 31, 26, 24, 17, 18, 6, ['Great Barrier Reef', 'Port Douglas']],
  ['Perth', 'AU', -31.95, 115.86, 31, 19, 18, 8, 1, 15],
  ['Adelaide', 'AU', -34.93, 138.6, 29, 15, 17, 8, 4, 15],
  ['Hobart', 'AU', -42.88, 147.33, 22, 12, 12, 4, 10, 14, ['Tasmania']],
  ['Uluru', 'AU', -25.34, 131.04, 37, 20, 22, 5, 4, 1, ['Alice Springs', 'Ayers Rock']],
  ['Darwin', 'AU', -12.46, 130.84, 32, 31, 25, 20, 20, 0],
  ['Auckland', 'NZ', -36.85, 174.76, 24, 15, 16, 7, 8, 16],
  ['Queenstown', 'NZ', -45.03, 168.66, 22, 8, 10, -2, 8, 8, ['Wanaka']],
  ['Wellington', 'NZ', -41.29, 174.78, 20, 11, 13, 6, 9, 15],
  ['Fiji', 'FJ', -17.71, 178.07, 31, 26, 23, 19, 18, 8, ['Nadi']],
  ['Tahiti', 'PF', -17.65, -149.43, 31, 29, 23, 20, 16, 8, ['Bora Bora', 'Papeete']],
];

export interface ClimateMonth {
  place: string;
  country: string | null;
  /** Mean daily high and low, °C. */
  high: number;
  low: number;
  rainDays: number;
  /** 'normals' when the place (or one within 400 km) is listed; 'latitude' for the band estimate. */
  source: 'normals' | 'nearby' | 'latitude';
}

interface Place {
  name: string;
  country: string;
  lat: number;
  lng: number;
  jan: [number, number, number];
  jul: [number, number, number];
  keys: string[];
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export const CLIMATE_PLACES: Place[] = ROWS.map(([name, country, lat, lng, hj, hl, lj, ll, rj, rl, aliases]) => ({
  name,
  country,
  lat,
  lng,
  jan: [hj, lj, rj],
  jul: [hl, ll, rl],
  keys: [name, ...(aliases ?? [])].map(fold),
}));

/** Month 1–12 between the January and July normals, along a cosine. */
function interpolate(p: Place, month: number): [number, number, number] {
  const w = (1 + Math.cos((Math.PI * (month - 1)) / 6)) / 2;
  return [0, 1, 2].map((i) => Math.round(w * p.jan[i]! + (1 - w) * p.jul[i]!)) as [number, number, number];
}

const distanceKm = (aLat: number, aLng: number, bLat: number, bLng: number) => {
  const r = Math.PI / 180;
  const h = Math.sin(((bLat - aLat) * r) / 2) ** 2 + Math.cos(aLat * r) * Math.cos(bLat * r) * Math.sin(((bLng - aLng) * r) / 2) ** 2;
  return 12_742 * Math.asin(Math.sqrt(h));
};

/** The listed place a destination names (its main text, then the whole text), or the nearest within 400 km. */
export function findPlace(text: string | null, lat: number | null, lng: number | null): { place: Place; how: 'normals' | 'nearby' } | null {
  const hay = ` ${fold(text ?? '')} `;
  if (hay.trim()) {
    let best: { place: Place; len: number } | null = null;
    for (const place of CLIMATE_PLACES)
      for (const k of place.keys) if (hay.includes(` ${k} `) && (!best || k.length > best.len)) best = { place, len: k.length };
    if (best) return { place: best.place, how: 'normals' };
  }
  if (lat == null || lng == null) return null;
  let near: { place: Place; d: number } | null = null;
  for (const place of CLIMATE_PLACES) {
    const d = distanceKm(lat, lng, place.lat, place.lng);
    if (!near || d < near.d) near = { place, d };
  }
  return near && near.d <= 400 ? { place: near.place, how: 'nearby' } : null;
}

/**
 * The latitude-band estimate: tropics warm all year; higher latitudes colder, with the seasons
 * flipped south of the equator. Rough by design, and said to be so in the reason.
 */
function bandMonth(lat: number, month: number): [number, number, number] {
  const a = Math.abs(lat);
  const summer = lat >= 0 ? month >= 5 && month <= 9 : month >= 11 || month <= 3;
  const winter = lat >= 0 ? month === 12 || month <= 2 : month >= 6 && month <= 8;
  if (a < 23.5) return [31, 23, 10];
  if (a < 35) return summer ? [32, 22, 4] : winter ? [18, 8, 6] : [25, 15, 5];
  if (a < 50) return summer ? [26, 15, 8] : winter ? [6, -1, 10] : [16, 7, 10];
  if (a < 60) return summer ? [21, 11, 10] : winter ? [1, -5, 12] : [10, 3, 11];
  return summer ? [16, 7, 11] : winter ? [-5, -12, 12] : [4, -3, 11];
}

/** The normals for each of the trip's months (its start month when it has no end). */
export function climateFor(text: string | null, lat: number | null, lng: number | null, months: number[]): ClimateMonth[] {
  const found = findPlace(text, lat, lng);
  return months
    .map((m): ClimateMonth | null => {
      if (found) {
        const [high, low, rainDays] = interpolate(found.place, m);
        return { place: found.place.name, country: found.place.country, high, low, rainDays, source: found.how };
      }
      if (lat == null) return null;
      const [high, low, rainDays] = bandMonth(lat, m);
      return { place: text ?? 'the destination', country: null, high, low, rainDays, source: 'latitude' };
    })
    .filter((x): x is ClimateMonth => x !== null);
}
