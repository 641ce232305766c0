/**
 * Names for the United Kingdom: English, Scottish, Welsh and Irish; South Asian; Polish;
 * Caribbean and West African; Chinese. Polish surnames take their feminine form for women
 * (Kowalski → Kowalska) and keep their diacritics (Wiśniewski, Łukasz, Małgorzata).
 */
import { type NameData } from './names';

/** Polish adjectival surnames change ending with gender: -ski/-cki/-dzki → -ska/-cka/-dzka. */
export function polishFeminine(surname: string): string {
  return /(?:sk|ck|dzk)i$/.test(surname) ? `${surname.slice(0, -1)}a` : surname;
}

export const UK_NAMES: NameData = {
  groups: [
    {
      label: 'English, Scottish, Welsh and Irish',
      weight: 66,
      female: [
        'Olivia', 'Amelia', 'Isla', 'Ava', 'Emily', 'Sophie', 'Grace', 'Poppy', 'Isabella', 'Freya', 'Lily', 'Evie',
        'Florence', 'Charlotte', 'Jessica', 'Hannah', 'Lucy', 'Eleanor', 'Harriet', 'Imogen', 'Rebecca', 'Victoria',
        'Claire', 'Joanne', 'Susan', 'Helen', 'Gemma', 'Kirsty', 'Rhiannon', 'Siân', 'Ffion', 'Carys', 'Niamh',
        'Aoife', 'Zoë', 'Beth', 'Fiona', 'Morag', 'Catriona', 'Philippa', 'Rosie', 'Abigail', 'Pauline', 'Lorraine',
      ],
      male: [
        'Oliver', 'George', 'Harry', 'Jack', 'Noah', 'Leo', 'Arthur', 'Oscar', 'Alfie', 'Thomas', 'William', 'James',
        'Edward', 'Henry', 'Daniel', 'Matthew', 'Christopher', 'Gareth', 'Rhys', 'Dafydd', 'Owain', 'Alistair',
        'Callum', 'Fraser', 'Euan', 'Connor', 'Ciarán', 'Declan', 'Graham', 'Nigel', 'Stephen', 'Ian', 'Keith',
        'Hamish', 'Rory', 'Toby', 'Barry', 'Gavin', 'Neil', 'Simon',
      ],
      surnames: [
        'Smith', 'Jones', 'Williams', 'Taylor', 'Brown', 'Davies', 'Evans', 'Wilson', 'Thomas', 'Johnson', 'Roberts',
        'Robinson', 'Thompson', 'Wright', 'Walker', 'White', 'Edwards', 'Hughes', 'Green', 'Hall', 'Lewis', 'Harris',
        'Clarke', 'Jackson', 'Wood', 'Turner', 'Martin', 'Cooper', 'Hill', 'Ward', 'Morris', 'Moore', 'King', 'Baker',
        'Harrison', 'Morgan', 'Allen', 'Scott', 'Phillips', 'Watson', 'Parker', 'Price', 'Bennett', 'Young',
        'Griffiths', 'MacLeod', 'Campbell', 'Stewart', 'Murray', 'Reid', "O'Brien", "O'Sullivan", 'McCarthy',
        'Fitzgerald', 'Smith-Jones', 'Hughes-Davies', 'Ashworth', 'Pryce', 'Holloway', 'Llewellyn', 'Cadwallader',
        'Fairbairn', 'Ogilvie', 'Pennington', 'Whitfield', 'Sinclair', 'Drummond', 'Trevelyan', 'Penhaligon',
      ],
    },
    {
      label: 'South Asian',
      weight: 14,
      female: ['Aisha', 'Fatima', 'Amira', 'Zara', 'Priya', 'Anjali', 'Sana', 'Nadia', 'Ayesha', 'Simran', 'Jasmeet', 'Hina', 'Rukhsana', 'Noor'],
      male: ['Mohammed', 'Muhammad', 'Ali', 'Hassan', 'Imran', 'Rahul', 'Arjun', 'Sanjay', 'Raj', 'Amir', 'Bilal', 'Kamal', 'Tariq', 'Yusuf', 'Zain'],
      surnames: [
        'Khan', 'Ahmed', 'Hussain', 'Ali', 'Patel', 'Mahmood', 'Rahman', 'Islam', 'Shah', 'Singh', 'Kaur', 'Sharma',
        'Chowdhury', 'Iqbal', 'Malik', 'Mistry', 'Chauhan', 'Gill', 'Sandhu', 'Bhatti',
      ],
    },
    {
      label: 'Polish',
      weight: 6,
      female: ['Agnieszka', 'Katarzyna', 'Małgorzata', 'Magdalena', 'Joanna', 'Anna', 'Zuzanna', 'Ewa', 'Aleksandra', 'Dorota'],
      male: ['Piotr', 'Paweł', 'Tomasz', 'Krzysztof', 'Łukasz', 'Marek', 'Michał', 'Jakub', 'Andrzej', 'Wojciech'],
      surnames: [
        'Kowalski', 'Nowak', 'Wiśniewski', 'Wójcik', 'Kowalczyk', 'Kamiński', 'Lewandowski', 'Zieliński',
        'Szymański', 'Woźniak', 'Dąbrowski', 'Kozłowski', 'Mazur', 'Krawczyk',
      ],
      feminineSurname: polishFeminine,
    },
    {
      label: 'Caribbean and African',
      weight: 10,
      female: ['Chantelle', 'Shanice', 'Aaliyah', 'Keisha', 'Abena', 'Adaeze', 'Chiamaka', 'Folake', 'Ngozi', 'Amara', 'Nia', 'Marcia'],
      male: ['Jermaine', 'Marcus', 'Tyrone', 'Dwayne', 'Kwame', 'Kofi', 'Chinedu', 'Oluwaseun', 'Tunde', 'Emeka', 'Femi', 'Delroy', 'Winston'],
      surnames: [
        'Francis', 'Grant', 'Gordon', 'Okafor', 'Adeyemi', 'Okonkwo', 'Mensah', 'Boateng', 'Asante', 'Eze', 'Adebayo',
        'Danso', 'Oyelaran', 'Bailey', 'Samuels', 'Henry', 'Campbell-Grant',
      ],
    },
    {
      label: 'Chinese',
      weight: 4,
      female: ['Mei', 'Ling', 'Xinyi', 'Grace', 'Wai Ling'],
      male: ['Wei', 'Jun', 'Kelvin', 'Ho Yin', 'Chi Keung'],
      surnames: ['Wong', 'Chan', 'Li', 'Zhang', 'Liu', 'Cheung', 'Lau', 'Yip'],
    },
  ],
  unisex: ['Alex', 'Sam', 'Jordan', 'Charlie', 'Jamie', 'Morgan', 'Robin', 'Frankie', 'Rowan', 'Ashley', 'Kit', 'Sasha'],
};
