// The Terms of Service in each language (issue 27). The English (terms.ts) is the reference; the Spanish is a faithful,
// plain-language translation of it, section by section, and says at its end that the English prevails. Only the
// server reads this file: the terms loader sends the reader's language with the page.
import type { Locale } from "~/i18n/language";
import { TERMS_EN, type TermsWords } from "./terms";

const TERMS_ES: TermsWords = {
  effective: "Vigentes desde el 3 de septiembre de 2018",
  sections: [
    {
      title: "1. Aceptación de los términos",
      paragraphs: [
        "Al usar este sitio web, usted acepta estos Términos del servicio. Si no está de acuerdo, le pedimos que no use el sitio. Si usa el sitio en nombre de un niño o de otra persona, usted acepta estos términos en su nombre.",
      ],
    },
    {
      title: "2. Servicios ofrecidos tal como están",
      paragraphs: [
        "El sitio y su información, videos, mensajes y demás servicios se ofrecen “tal como están” y “según su disponibilidad”. Podemos cambiar, suspender o dejar de ofrecer cualquier parte de los servicios en cualquier momento.",
      ],
    },
    {
      title: "3. Cumplimiento de las leyes de exportación",
      paragraphs: [
        "Usted se compromete a usar el sitio de acuerdo con todas las leyes de exportación e importación aplicables y a no usarlo donde ese uso esté prohibido.",
      ],
    },
    {
      title: "4. Licencias del contenido",
      paragraphs: [
        "Los textos, fotos, videos y logotipos del sitio pertenecen a Next Level Tennis & Education o a quienes nos dieron licencia para usarlos. Usted puede verlos y compartirlos con fines personales y no comerciales, indicando de dónde provienen.",
      ],
    },
    {
      title: "5. Lo que usted aporta",
      paragraphs: [
        "Cuando usted envía un testimonio, un mensaje u otro contenido, nos otorga una licencia no exclusiva y sin regalías para mostrarlo en el sitio y en nuestros materiales. Usted confirma que tiene derecho a compartirlo y que es respetuoso y legal. Podemos retirar cualquier aporte.",
      ],
    },
    {
      title: "6. Indemnización",
      paragraphs: [
        "Usted se compromete a indemnizar y a eximir de responsabilidad a la organización, a sus entrenadores y a sus voluntarios frente a reclamaciones que resulten del mal uso que usted haga del sitio o de su incumplimiento de estos términos.",
      ],
    },
    {
      title: "7. Prohibido el uso comercial",
      paragraphs: [
        "No puede copiar, vender, revender ni explotar ninguna parte del sitio o de su contenido con fines comerciales sin nuestro permiso por escrito.",
      ],
    },
    {
      title: "8. Cambios",
      paragraphs: [
        "Podemos actualizar estos términos. La fecha de vigencia que aparece arriba indica la versión más reciente; si sigue usando el sitio, acepta los cambios.",
      ],
    },
    {
      title: "9. Anunciantes y patrocinadores",
      paragraphs: [
        "Cualquier trato con patrocinadores o anunciantes que encuentre en el sitio o por medio de él es solo entre usted y ellos. No somos responsables de sus productos ni de sus promesas.",
      ],
    },
    {
      title: "10. Enlaces",
      paragraphs: [
        "El sitio tiene enlaces a otros sitios web, como los que alojan videos y nuestro calendario. No los controlamos y no somos responsables de su contenido ni de sus prácticas.",
      ],
    },
    {
      title: "11. Derechos de propiedad",
      paragraphs: [
        "El diseño, el código y el contenido del sitio están protegidos por las leyes de derechos de autor, de marcas y otras. Nada en estos términos le transfiere a usted su propiedad.",
      ],
    },
    {
      title: "12. Exclusión de garantías",
      paragraphs: [
        "En la máxima medida que permita la ley, renunciamos a toda garantía, expresa o implícita, incluidas las de comerciabilidad, idoneidad para un fin determinado y no infracción. No garantizamos que el sitio funcione sin interrupciones ni errores.",
      ],
    },
    {
      title: "13. Limitación de responsabilidad",
      paragraphs: [
        "En la máxima medida que permita la ley, la organización no es responsable de daños indirectos, incidentales, especiales o consecuentes que resulten de su uso del sitio. Los programas de tenis en sí se rigen por un documento aparte de exención de responsabilidad, que se firma al inscribirse.",
      ],
    },
    {
      title: "14. Renuncia a reclamaciones",
      paragraphs: [
        "Si usted tiene una disputa con otro usuario del sitio, libera a la organización de toda reclamación y de todo daño que resulte de esa disputa.",
      ],
    },
    {
      title: "15. Asuntos económicos",
      paragraphs: [
        "Las cuotas de los programas, los reembolsos y las donaciones se rigen por las políticas publicadas en las páginas Programas, Preguntas frecuentes y Donar. Las donaciones se hacen fuera del sitio; el sitio no procesa pagos.",
      ],
    },
    {
      title: "16. Exclusiones y limitaciones",
      paragraphs: [
        "Algunas jurisdicciones no permiten ciertas exclusiones o limitaciones de responsabilidad; en esos lugares, es posible que parte de lo anterior no se aplique a usted.",
      ],
    },
    {
      title: "17. Sin beneficiarios terceros",
      paragraphs: ["Estos términos no crean derechos para nadie más que usted y la organización."],
    },
    {
      title: "18. Avisos",
      paragraphs: [
        "Podemos enviarle avisos por correo electrónico a la dirección de su cuenta, o publicarlos en el sitio. Usted puede enviarnos avisos a nuestra dirección de correo electrónico de contacto.",
      ],
    },
    {
      title: "19. Marcas",
      paragraphs: [
        "“Next Level Tennis & Education”, “NLTE” y “Fun For All Starts Here” (“La diversión para todos empieza aquí”) son marcas de la organización. Los demás nombres y logotipos pertenecen a sus dueños.",
      ],
    },
    {
      title: "20. Cómo reclamar por derechos de autor",
      paragraphs: [
        "Si cree que algún contenido del sitio infringe sus derechos de autor, escríbanos por correo electrónico e incluya: una descripción de la obra, dónde aparece en el sitio, sus datos de contacto, una declaración de que actúa de buena fe y una declaración, bajo pena de perjurio, de que usted es el titular de los derechos o está autorizado para actuar en su nombre. Retiraremos sin demora el material que infrinja esos derechos.",
      ],
    },
    {
      title: "21. Subtítulos",
      paragraphs: [
        "Los videos que publicamos tienen subtítulos cuando la plataforma que los aloja lo permite. Si necesita subtítulos o una transcripción que falte, comuníquese con nosotros y se los daremos.",
      ],
    },
    {
      title: "22. Acuerdo completo",
      paragraphs: [
        "Estos términos son el acuerdo completo entre usted y la organización sobre el sitio, y reemplazan cualquier acuerdo anterior sobre el mismo tema.",
      ],
    },
    {
      title: "23. Ley aplicable",
      paragraphs: [
        "Estos términos se rigen por las leyes de ____________, sin tener en cuenta las normas sobre conflictos de leyes. Las disputas se resolverán en los tribunales de ____________.",
      ],
    },
    {
      title: "24. Renuncia de derechos y divisibilidad",
      paragraphs: [
        "Si no hacemos cumplir una disposición, eso no significa que renunciemos a ella. Si alguna disposición se considera inaplicable, el resto sigue vigente.",
      ],
    },
    {
      title: "25. Plazo para reclamar",
      paragraphs: [
        "Toda reclamación que surja del sitio o de estos términos debe presentarse dentro de ____________ desde que surgió; de lo contrario, prescribe para siempre.",
      ],
    },
    {
      title: "26. Cómo reportar infracciones",
      paragraphs: [
        "Le pedimos que reporte cualquier infracción de estos términos, o cualquier contenido que le preocupe, a nuestra dirección de correo electrónico de contacto. Revisamos cada reporte.",
      ],
    },
  ],
  closing: "Si hay diferencias, rige la versión en inglés.",
};

export const TERMS: Record<Locale, TermsWords> = { en: TERMS_EN, es: TERMS_ES };
