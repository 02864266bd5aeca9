// The privacy notice in each language (issue 27). The English (privacy.ts) is the reference and says what must stay
// true of the code; the Spanish is a faithful, plain-language translation of it, with the same {blanks}, and says at
// its end that the English prevails. The buttons it names (“Descargar mis datos”, “Eliminar mi cuenta”, “Continuar
// con Google”) are the Spanish account page's and sign-in's. Only the server reads this file.
import type { Locale } from "~/i18n/language";
import { PRIVACY_EN, type PrivacyWords } from "./privacy";

const PRIVACY_ES: PrivacyWords = {
  page: {
    title: "Aviso de privacidad | NLTE",
    description:
      "Qué guarda este sitio web sobre las familias y los niños, quién lo ve, cuánto tiempo se guarda y cómo obtener una copia o borrarlo.",
    heading: "Aviso de privacidad",
    intro: "En palabras sencillas: qué guarda este sitio web sobre usted y sus hijos, por qué, quién lo ve y cómo obtener una copia o borrarlo.",
  },
  updated: "Última actualización: 24 de noviembre de 2026",
  accountLink: "la página de su cuenta (/es/account)",
  sections: [
    {
      id: "parents",
      title: "Qué guardamos sobre las madres, los padres y los tutores legales",
      paragraphs: ["Cuando usted crea una cuenta, guardamos:"],
      items: [
        "su nombre y su correo electrónico, y su número de teléfono si nos lo da;",
        "su fecha de nacimiento, para comprobar que la madre, el padre o el tutor legal es mayor de edad (tiene 18 años o más);",
        "su contraseña, solo en una forma codificada que nadie puede volver a leer; si usa “Continuar con Google”, en su lugar guardamos el vínculo con su cuenta de Google;",
        "sus preferencias de correo, por ejemplo si quiere recibir un correo cuando tiene un mensaje sin leer;",
        "mientras tiene la sesión iniciada: cuándo inició sesión, y la dirección de internet y el tipo de navegador que usó (la página de su cuenta muestra sus sesiones para que pueda cerrarlas).",
      ],
    },
    {
      id: "children",
      title: "Qué guardamos sobre los niños",
      paragraphs: ["Por cada estudiante-atleta guardamos:"],
      items: [
        "su nombre y su fecha de nacimiento;",
        "su correo electrónico y su número de teléfono, solo si tiene una cuenta propia (un niño que agrega su madre, padre o tutor legal no la tiene hasta que recibe una invitación);",
        "la familia a la que pertenece: qué adultos son sus padres o tutores legales;",
        "los mensajes de las conversaciones en las que participa, y los archivos enviados en ellas;",
        "los formularios de inscripción que envía una madre, un padre o un tutor legal: el nombre y la edad del niño, su nivel y su programa, el nombre, el correo electrónico y el teléfono de la madre, el padre o el tutor legal, y un contacto de emergencia.",
      ],
      after: [
        "También guardamos lo que cualquier persona envía con el formulario de contacto (nombre, correo electrónico, teléfono si lo da, y el mensaje), los testimonios que publica la gente (se muestran en el sitio con el nombre que escribió), los reportes de mensajes y un registro de los cambios en las familias: quién agregó a un niño, envió o aceptó una invitación, o confirmó una familia, y cuándo.",
      ],
    },
    {
      id: "why",
      title: "Por qué pedimos la fecha de nacimiento",
      paragraphs: [
        "Seguimos Safe Play, las normas de protección del tenis de Estados Unidos. En toda conversación entre un entrenador y un menor de 18 años participa una madre, un padre o un tutor legal, y los entrenadores no pueden escribirle a un menor de noche. La fecha de nacimiento le indica al sitio quién es menor de 18 años.",
        "No usamos esta información para nada más.",
      ],
    },
    {
      id: "who",
      title: "Quién la ve",
      paragraphs: [],
      items: [
        "Su familia: las madres, los padres y los tutores legales ven los datos de sus hijos en la página de su cuenta y pueden corregir el nombre y la fecha de nacimiento de un hijo. Cada persona ve sus propios datos.",
        "Las personas de una conversación ven los nombres, los correos electrónicos y los números de teléfono (si los dieron) de las demás, y los mensajes.",
        "Los entrenadores ven a todas las personas que tienen una cuenta: su nombre, su número de teléfono si lo dieron, si son padres o estudiantes-atletas, si un niño es menor de 18 años y los nombres de su familia. Los entrenadores nunca ven una fecha de nacimiento. También leen los formularios de inscripción y de contacto que se envían a la organización.",
        "El personal confirma a una familia reuniéndose con ella o llamando por teléfono a la madre, el padre o el tutor legal. Para eso, un entrenador ve la página de la familia: la edad de cada niño (no su fecha de nacimiento) y el correo electrónico y el teléfono de los padres. El registro guarda quién confirmó a la familia, cómo y cuándo.",
        "La persona responsable de la protección de menores (un entrenador designado por la organización) solo lee las conversaciones que alguien reportó, las familias que esperan confirmación y el registro de cambios en las familias.",
        "La persona que administra el servidor del sitio web tiene acceso a la base de datos y a sus copias de seguridad, para que el sitio siga funcionando.",
      ],
    },
    {
      id: "how-long",
      title: "Cuánto tiempo la guardamos",
      paragraphs: [
        "Todo se guarda mientras exista la cuenta. Cuando usted elimina su cuenta, se borran de inmediato su nombre, correo electrónico, teléfono, fecha de nacimiento, contraseña y sesiones, y usted deja de formar parte de su familia.",
        "Algunas cosas se quedan, porque también son registros de otras personas:",
      ],
      items: [
        "los mensajes que usted envió se quedan en la conversación de la otra persona, como enviados por “Usuario eliminado”;",
        "los formularios de inscripción y de contacto que envió se quedan con la organización, como constancia de su solicitud;",
        "los testimonios que publicó se quedan en el sitio, ya sin vínculo con su cuenta (pídanos que quitemos alguno);",
        "el registro de cambios en las familias conserva los nombres como eran, porque es el registro de protección de menores;",
        "las copias de los correos que envió el sitio.",
      ],
      after: [
        "Si usted era la única madre, padre o tutor legal de un niño, el niño que usted agregó y que nunca tuvo cuenta propia se elimina junto con su cuenta. Un niño con cuenta propia la conserva, pero ningún entrenador puede escribirle hasta que una madre, un padre o un tutor legal vuelva a unirse.",
        "El sitio hace una copia de su base de datos cada día y guarda las {days} más recientes. Lo que se borra desaparece de todas las copias después de {days} días.",
      ],
    },
    {
      id: "your-rights",
      title: "Obtener una copia, o borrarla",
      paragraphs: [
        "Inicie sesión y abra {account}.",
        "“Descargar mis datos” le da un archivo con su perfil, las conversaciones en las que participa, sus testimonios, los formularios enviados con su correo electrónico, su familia (los nombres de sus padres o tutores, o los nombres y las fechas de nacimiento de sus hijos), las invitaciones que envió y los reportes que hizo.",
        "“Eliminar mi cuenta” elimina su cuenta como se describe arriba. Le pide su contraseña y la palabra ELIMINAR, y no se puede deshacer.",
        "Para corregir algo, cámbielo en la página de su cuenta o comuníquese con nosotros.",
      ],
    },
    {
      id: "children-rules",
      title: "Niños menores de 13 años, y adolescentes",
      paragraphs: [
        "Los niños menores de 13 años no pueden crear una cuenta por sí solos: el formulario para crear una cuenta no los acepta. Así lo exige COPPA, la ley de Estados Unidos que protege la información de los niños en internet. Su madre, padre o tutor legal los agrega en la página de su cuenta, y puede invitarlos a tener una cuenta propia.",
        "La madre, el padre o el tutor legal ejerce estos derechos por el niño: ve y corrige el nombre y la fecha de nacimiento del niño en la página de su cuenta, los recibe en su propio “Descargar mis datos” y puede eliminar a un niño que no tiene cuenta propia. Un niño que tiene cuenta propia puede eliminarla en la página de su cuenta, o usted puede comunicarse con nosotros.",
        "Los jóvenes de 13 a 17 años pueden crear una cuenta solos, pero antes de poder escribirle a un entrenador necesitan que una madre, un padre o un tutor legal esté vinculado a su cuenta y que el personal confirme a la familia.",
      ],
    },
    {
      id: "sharing",
      title: "No la vendemos ni la compartimos",
      paragraphs: [
        "Nunca vendemos información sobre usted ni sobre sus hijos, y no se la damos a otras empresas. En este sitio no hay publicidad ni rastreo. Las cookies solo se usan para mantener su sesión iniciada y para mostrar el resultado de un formulario que usted envió.",
        "Los correos solo se envían a direcciones que nos dieron: la suya, o una que un familiar escribió para invitar a alguien. Se envían por el servicio de correo de la organización, que solo los entrega, y no llevan imágenes de rastreo.",
        "Nuestro servidor guarda un registro de las páginas que se piden, para encontrar problemas: la dirección de la página, la hora y si funcionó. Nunca guarda lo que usted escribió, su dirección de internet ni su nombre.",
        "Los videos se reproducen desde YouTube o Facebook, y “Continuar con Google” le permite iniciar sesión por medio de Google si usted lo elige. Esas empresas ven esa visita según sus propias normas de privacidad.",
      ],
    },
    {
      id: "questions",
      title: "Preguntas",
      paragraphs: ["Para hacer una pregunta, corregir algo o pedir que se quite algo, escriba a {email} o llame al {phone}."],
    },
  ],
  closing: "Si hay diferencias, rige la versión en inglés.",
};

export const PRIVACY: Record<Locale, PrivacyWords> = { en: PRIVACY_EN, es: PRIVACY_ES };
