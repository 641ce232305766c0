/**
 * Names for Australia and New Zealand: Anglo-Celtic, Chinese, Indian, Vietnamese, Greek and Italian,
 * and Māori and Pasifika. Māori names keep their macrons (Tāne, Hēmi, Pōmare).
 */
import { type NameData } from './names';

export const ANZ_NAMES: NameData = {
  groups: [
    {
      label: 'Anglo-Celtic',
      weight: 56,
      weightByCountry: { NZ: 58 },
      female: [
        'Olivia', 'Charlotte', 'Amelia', 'Isla', 'Mia', 'Ava', 'Grace', 'Chloe', 'Emily', 'Sophie', 'Ruby', 'Matilda',
        'Zoë', 'Harper', 'Evie', 'Lily', 'Jessica', 'Sarah', 'Rebecca', 'Kate', 'Emma', 'Hannah', 'Georgia', 'Lucy',
        'Megan', 'Claire', 'Michelle', 'Karen', 'Lisa', 'Deborah', 'Sharon', 'Julie', 'Leanne', 'Kylie', 'Tracey',
        'Nicole', 'Bronwyn', 'Siobhan', 'Niamh', 'Renée', 'Heather', 'Margaret', 'Joanne', 'Kirsten', 'Abbey',
      ],
      male: [
        'Jack', 'Oliver', 'William', 'Noah', 'Thomas', 'James', 'Lucas', 'Henry', 'Liam', 'Harrison', 'Lachlan',
        'Cooper', 'Archie', 'Hamish', 'Angus', 'Mitchell', 'Bradley', 'Matthew', 'Daniel', 'Benjamin', 'Samuel',
        'Joshua', 'Andrew', 'David', 'Michael', 'Peter', 'Robert', 'Craig', 'Darren', 'Shane', 'Wayne', 'Brett',
        'Glenn', 'Stuart', 'Callum', 'Declan', 'Seán', 'Rhys', 'Fergus', 'Graeme', 'Bruce', 'Kieran',
      ],
      surnames: [
        'Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Johnson', 'White', 'Martin', 'Anderson',
        'Thompson', 'Walker', 'Harris', 'Ryan', 'Robinson', 'Kelly', 'King', 'Campbell', 'Mitchell', 'Clarke',
        'Young', 'Hughes', 'Edwards', 'Stewart', 'Murphy', "O'Brien", "O'Connor", "O'Neill", 'McDonald', 'MacKenzie',
        'Fraser', 'Gallagher', 'Sullivan', 'Hall', 'Baxter', 'Lawson', 'Fletcher', 'Doyle', 'Quinn', 'Henderson',
        'Smith-Jones', 'Cartwright', 'Pemberton', 'Blackwood', 'Ashby', 'McGregor', 'Donnelly', 'Kennedy',
      ],
    },
    {
      label: 'Chinese',
      weight: 10,
      weightByCountry: { NZ: 7 },
      female: ['Mei', 'Ling', 'Xin', 'Jia', 'Yan', 'Hui', 'Wen', 'Fang', 'Vivian', 'Cindy', 'Winnie', 'Jenny', 'Angela', 'Xiaoling'],
      male: ['Wei', 'Jun', 'Hao', 'Ming', 'Jian', 'Lei', 'Kevin', 'Jason', 'Eric', 'Tony', 'Raymond', 'Vincent', 'Zhiwei'],
      surnames: ['Chen', 'Wang', 'Li', 'Zhang', 'Liu', 'Wong', 'Lee', 'Chan', 'Huang', 'Zhou', 'Lin', 'Wu', 'Yang', 'Zhao', 'Lam', 'Cheung', 'Ho', 'Ng'],
    },
    {
      label: 'Indian',
      weight: 9,
      weightByCountry: { NZ: 7 },
      female: ['Priya', 'Ananya', 'Deepika', 'Kavya', 'Aishwarya', 'Sneha', 'Pooja', 'Neha', 'Harpreet', 'Simran', 'Meera', 'Divya'],
      male: ['Arjun', 'Rahul', 'Vikram', 'Rohan', 'Sanjay', 'Amit', 'Rajesh', 'Harjit', 'Gurpreet', 'Aditya', 'Karan', 'Nikhil'],
      surnames: ['Patel', 'Singh', 'Sharma', 'Kumar', 'Gupta', 'Reddy', 'Iyer', 'Nair', 'Kaur', 'Mehta', 'Joshi', 'Rao', 'Pillai', 'Desai', 'Chopra', 'Bhatia'],
    },
    {
      label: 'Vietnamese',
      weight: 6,
      weightByCountry: { NZ: 2 },
      female: ['Linh', 'Lan', 'Hoa', 'Ngoc', 'Trang', 'Mai', 'Thuy', 'Huong', 'Phuong', 'Thao'],
      male: ['Minh', 'Duc', 'Huy', 'Tuan', 'Quang', 'Long', 'Thanh', 'Khoa', 'Bao', 'Hung'],
      surnames: ['Nguyen', 'Tran', 'Le', 'Pham', 'Hoang', 'Vo', 'Dang', 'Bui', 'Do', 'Ngo', 'Huynh', 'Phan', 'Vu', 'Truong'],
    },
    {
      label: 'Greek and Italian',
      weight: 10,
      weightByCountry: { NZ: 3 },
      female: ['Maria', 'Sophia', 'Eleni', 'Despina', 'Francesca', 'Giulia', 'Rosa', 'Antonella', 'Chiara', 'Katerina', 'Anastasia', 'Athena'],
      male: ['Nick', 'Con', 'George', 'Dimitri', 'Kosta', 'Theo', 'Giuseppe', 'Marco', 'Luca', 'Antonio', 'Salvatore', 'Vince', 'Paolo'],
      surnames: [
        'Papadopoulos', 'Georgiou', 'Nikolaidis', 'Konstantinidis', 'Dimitriou', 'Pappas', 'Rossi', 'Russo', 'Romano',
        'Esposito', 'Bianchi', 'Ricci', 'Marino', 'Costa', 'Conti', 'De Luca', 'Di Stefano', "D'Angelo",
      ],
    },
    {
      label: 'Māori and Pasifika',
      weight: 3,
      weightByCountry: { NZ: 23 },
      female: ['Aroha', 'Mereana', 'Anahera', 'Kahurangi', 'Ngaio', 'Hine', 'Ataahua', 'Mere', 'Mele', 'Losa', 'Sina', 'Hūhana', 'Tūī'],
      male: ['Tāne', 'Wiremu', 'Rāwiri', 'Hēmi', 'Nikau', 'Tama', 'Rewi', 'Kauri', 'Sione', 'Tevita', 'Sefo', 'Viliami', 'Mātiu'],
      surnames: [
        'Ngata', 'Parata', 'Hēnare', 'Te Kanawa', 'Waititi', 'Tipene', 'Tamihana', 'Pōmare', 'Kingi', 'Te Rangi',
        'Wihongi', 'Mahuika', 'Tuilagi', 'Fifita', 'Tupou', 'Leota', 'Faleolo', 'Taufa',
      ],
    },
  ],
  unisex: ['Alex', 'Sam', 'Jordan', 'Charlie', 'Riley', 'Jamie', 'Casey', 'Robin', 'Kim', 'Frankie', 'Quinn', 'Ari', 'Manaia', 'Anh'],
};
