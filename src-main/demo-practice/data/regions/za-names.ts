/**
 * Names for South Africa: Zulu, Xhosa, Sotho and Tswana; Afrikaans; English; Indian South African;
 * Cape Malay and coloured. Afrikaans surname particles stay lower case after a first name
 * ("Johan van der Merwe"); business names capitalise them ("Van der Merwe Boerdery").
 */
import { type NameData } from './names';

export const ZA_NAMES: NameData = {
  groups: [
    {
      label: 'Zulu, Xhosa, Sotho and Tswana',
      weight: 46,
      female: [
        'Nomvula', 'Thandiwe', 'Lindiwe', 'Nokuthula', 'Zanele', 'Sibongile', 'Nomsa', 'Palesa', 'Lerato', 'Refilwe',
        'Boitumelo', 'Dineo', 'Naledi', 'Thembeka', 'Nosipho', 'Zodwa', 'Khanyisile', 'Busisiwe', 'Nandi', 'Tshepiso',
        'Nolwazi', 'Ntombi', 'Mamello', 'Keitumetse', 'Onthatile', 'Zintle', 'Siphokazi', 'Nobuhle',
      ],
      male: [
        'Sipho', 'Thabo', 'Mandla', 'Bongani', 'Sibusiso', 'Themba', 'Lwazi', 'Siyabonga', 'Tebogo', 'Kabelo', 'Tshepo',
        'Katlego', 'Vusi', 'Xolani', 'Andile', 'Musa', 'Jabulani', 'Mthunzi', 'Sandile', 'Thulani', 'Lunga', 'Lesiba',
        'Teboho', 'Mpumelelo', 'Luthando', 'Oratile', 'Kagiso', 'Lebogang',
      ],
      surnames: [
        'Dlamini', 'Nkosi', 'Ndlovu', 'Khumalo', 'Mthembu', 'Zulu', 'Mokoena', 'Mahlangu', 'Sithole', 'Ngcobo',
        'Shabalala', 'Mkhize', 'Mabaso', 'Radebe', 'Molefe', 'Tshabalala', 'Xaba', 'Nxumalo', 'Mazibuko', 'Mbatha',
        'Zwane', 'Ntuli', 'Gumede', 'Mthethwa', 'Qwabe', 'Mofokeng', 'Moloi', 'Motaung', 'Mogale', 'Seleka',
        'Kgosana', 'Masilo', 'Modise', 'Tau', 'Ngubane', 'Mbeki', 'Makhubela', 'Nkomo', 'Maseko', 'Sibiya',
        'Cele', 'Hadebe', 'Mkhabela', 'Ngema', 'Buthelezi', 'Magagula', 'Mabuza', 'Mnisi', 'Mashaba', 'Zungu',
      ],
    },
    {
      label: 'Afrikaans',
      weight: 22,
      female: [
        'Annelie', 'Elmarie', 'Marelize', 'Riana', 'Liezl', 'Anneke', 'Carike', 'Marike', 'Elsabé', 'Mariëtte',
        'Lizelle', 'Karin', 'Petro', 'Jolene', 'Sunette', 'Ilse', 'Hanli', 'Danélle', 'Ansie', 'Retha',
      ],
      male: [
        'Johan', 'Pieter', 'Jacques', 'Hendrik', 'Willem', 'Francois', 'Gerhard', 'Stefan', 'Riaan', 'Deon', 'Louis',
        'Jan', 'Christo', 'Wynand', 'Ruan', 'Dewald', 'Schalk', 'Theuns', 'André', 'Coenraad', 'Gert', 'Kobus',
      ],
      surnames: [
        'van der Merwe', 'Botha', 'Pretorius', 'du Plessis', 'Nel', 'van Wyk', 'Joubert', 'Venter', 'Steyn',
        'Coetzee', 'Fourie', 'Kruger', 'Swanepoel', 'Erasmus', 'le Roux', 'Smit', 'Oosthuizen', 'du Toit', 'Viljoen',
        'Marais', 'Bezuidenhout', 'Engelbrecht', 'Müller', 'Janse van Rensburg', 'Potgieter', 'Louw',
        'Lombard', 'Rossouw', 'de Villiers', 'Vermaak',
      ],
    },
    {
      label: 'English',
      weight: 13,
      female: ['Sarah', 'Jessica', 'Nicole', 'Megan', 'Kirsten', 'Lauren', 'Claire', 'Kerry-Anne', 'Bronwyn', 'Tracey', 'Gail', 'Candice'],
      male: ['Craig', 'Grant', 'Gareth', 'Wayne', 'Brendan', 'Ryan', 'Sean', 'Dean', 'Warren', 'Trevor', 'Keith', 'Murray'],
      surnames: [
        'Smith', 'Jones', 'Williams', 'Brown', 'Taylor', 'Wilson', 'Cooper', 'Mitchell', 'Harris', 'Baker',
        "O'Reilly", 'Murray', 'Fitzpatrick', 'Fraser', 'Armstrong', 'Whitehead', 'Hope-Johnstone',
      ],
    },
    {
      label: 'Indian South African',
      weight: 9,
      female: ['Kamini', 'Prenisha', 'Shanthi', 'Nirasha', 'Reshma', 'Thashnee', 'Kavitha', 'Yashika', 'Fathima', 'Ayesha'],
      male: ['Ravi', 'Pravin', 'Sanjay', 'Dhesan', 'Kreshen', 'Yusuf', 'Ebrahim', 'Nivesh', 'Rajen', 'Vishal'],
      surnames: ['Naidoo', 'Pillay', 'Govender', 'Moodley', 'Reddy', 'Chetty', 'Maharaj', 'Singh', 'Padayachee', 'Naicker', 'Moosa', 'Essop', 'Ismail', 'Pather'],
    },
    {
      label: 'Cape Malay and coloured',
      weight: 10,
      female: ['Shireen', 'Natasha', 'Chanel', 'Nadia', 'Bianca', 'Raeesa', 'Zaida', 'Chantal'],
      male: ['Ashraf', 'Shaun', 'Faiek', 'Riaad', 'Clint', 'Ridwaan', 'Gavin', 'Moegamat'],
      surnames: ['Adams', 'Jacobs', 'Abrahams', 'Petersen', 'Hendricks', 'Isaacs', 'Davids', 'Daniels', 'Fortuin', 'Februarie', 'Solomons', 'Samuels', 'Arendse'],
    },
  ],
  unisex: ['Ayanda', 'Mpho', 'Lesedi', 'Thando', 'Karabo', 'Nhlanhla', 'Amogelang', 'Alex', 'Jamie', 'Sam'],
};
