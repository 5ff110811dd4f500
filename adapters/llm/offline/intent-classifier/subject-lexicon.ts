import { Intent } from '../../../../core/domain/prompt/intent';
import { PromptLanguage } from '../../../../core/domain/prompt/prompt-language';

interface Label {
  zh: string;
  en: string;
  pattern: RegExp;
}

const label = (zh: string, en: string, pattern: RegExp): Label => ({ zh, en, pattern });

/** Narrower kinds of task per intent, most specific first; the last entry is the fallback. */
const SUB_CATEGORIES: Readonly<Record<Intent, ReadonlyArray<Label>>> = {
  技术: [
    label(
      '调试排错',
      'Debugging and troubleshooting',
      /报错|错误|失败|异常|崩溃|退出|不生效|排查|为什么|\b(fail(s|ed|ing)?|errors?|exceptions?|crash(es)?|hangs?|why|oom\w*|not working|segfault)\b/i,
    ),
    label('测试', 'Testing', /测试|\btests?\b|testing/i),
    label('数据库与 SQL', 'Databases and SQL', /sql|数据库|查询|\b(database|query|postgres\w*|mysql|schema)\b/i),
    label(
      '运维部署',
      'DevOps and deployment',
      /部署|流水线|服务器|docker|k8s|kubernetes|nginx|\b(deploy\w*|pipeline|terraform|server|ssh|ci|github actions|ansible)\b/i,
    ),
    label('代码重构与迁移', 'Refactoring and migration', /重构|改写|迁移|\b(refactor\w*|rewrite|convert|migrat\w*)\b/i),
    label('性能优化', 'Performance optimization', /优化|性能|卡顿|很慢|特别卡|\b(optimi[sz]\w*|slow|faster|latency|performance)\b/i),
    label('系统设计', 'System design', /设计|架构|方案|\b(design|architecture|scal\w+)\b/i),
    label('代码编写', 'Writing code', /./),
  ],
  创意: [
    label('诗歌', 'Poetry', /诗|\b(poem|poetry|haiku|limerick|verse)\b/i),
    label('歌词', 'Song lyrics', /歌词|\b(lyrics|song|rap)\b/i),
    label('剧本与台词', 'Scripts and dialogue', /剧本|小品|相声|台词|\b(screenplay|sketch|scene|monologue|dialogue)\b/i),
    label('口号与广告语', 'Slogans and taglines', /口号|广告语|slogan|\btaglines?\b/i),
    label('命名', 'Naming', /起名|取名|名字|店名|\b(names?|naming)\b/i),
    label('营销文案', 'Marketing copy', /文案|种草|推广|广告|\b(copy|captions?|ad|product description|posts?|instagram|social media)\b/i),
    label('书信与致辞', 'Letters and speeches', /信|致辞|演讲|誓词|祝福|\b(toast|speech|letter|card|eulogy|vows)\b/i),
    label('角色与世界观', 'Characters and worldbuilding', /角色|人设|世界观|\b(character|creature|world|backstory)\b/i),
    label('故事与小说', 'Stories and fiction', /故事|小说|童话|寓言|\b(story|stories|novel|fable|fairy|chapter)\b/i),
    label('创意构思', 'Creative ideation', /./),
  ],
  分析: [
    label('统计检验', 'Statistical testing', /显著|回归|a\/b|相关|\b(significan\w*|regression|correlation|a\/b)\b/i),
    label('归因分析', 'Root-cause analysis', /原因|为什么|下降|下滑|掉|\b(why|cause\w*|dropp?ed|decline\w*|drivers?)\b/i),
    label('对比评估', 'Comparison and evaluation', /对比|比较|评估|优缺点|优劣|\b(compar\w+|evaluat\w+|assess\w*|pros and cons|versus|vs)\b/i),
    label('市场与竞品分析', 'Market and competitor analysis', /竞品|市场|行业|swot|\b(competit\w+|market|industry)\b/i),
    label('趋势研究', 'Trend research', /趋势|未来|预测|\b(trends?|forecast\w*|future)\b/i),
    label('文档总结', 'Document summary', /总结|摘要|报告|财报|\b(summar\w+|report|paper|document)\b/i),
    label('数据分析', 'Data analysis', /./),
  ],
  咨询: [
    label('职业发展', 'Career development', /工作|转行|跳槽|面试|薪资|辞职|升职|职业|\b(job|career|offer|raise|salary|interview|promotion)\b/i),
    label('财务规划', 'Personal finance', /存款|理财|贷款|保险|买房|投资|预算|\b(retirement|savings?|loans?|invest\w*|budget|insurance|money)\b/i),
    label('法律与权益', 'Legal rights', /合同|权益|赔偿|房东|法律|证照|\b(lease|landlord|legal|deposit|contract|rights)\b/i),
    label('健康生活', 'Health and wellbeing', /失眠|健康|减肥|饮食|睡|焦虑|\b(health|sleep|diet|pain|marathon|exercise|burn\w*)\b/i),
    label('旅行规划', 'Travel planning', /旅游|旅行|行程|自由行|\b(trip|travel|itinerary|vacation)\b/i),
    label('家庭教育', 'Parenting and family', /孩子|家长|父母|宝宝|\b(kids?|son|daughter|parents?|child\w*)\b/i),
    label('管理与人际', 'Management and relationships', /团队|员工|主管|同事|沟通|朋友|\b(manager|team|coworker|colleague|friend|partner|co-?founder)\b/i),
    label('学习成长', 'Learning and growth', /学习|外语|考研|专业|\b(learn\w*|study|thesis|phd|degree|language)\b/i),
    label('创业经营', 'Running a business', /开店|创业|经营|\b(startup|business)\b/i),
    label('个人决策', 'Personal decision', /./),
  ],
};

const DOMAINS: ReadonlyArray<Label> = [
  label(
    '软件开发',
    'Software engineering',
    /代码|脚本|函数|编程|接口|数据库|部署|服务器|sql|docker|nginx|\b(code|script|function|api|database|server|deploy|python|java|javascript|typescript|react|go|rust|bash|kubernetes|terraform)\b/i,
  ),
  label('数据与商业分析', 'Business analytics', /数据|转化|留存|指标|用户分群|\b(data|conversion|churn|funnel|metrics?|retention|survey)\b/i),
  label('市场营销', 'Marketing', /营销|品牌|文案|广告|推广|slogan|\b(marketing|brand|ads?|campaign|instagram|tagline|captions?)\b/i),
  label('金融理财', 'Finance', /理财|贷款|存款|投资|财报|营收|保险|\b(finance|financial|invest\w*|loans?|retirement|revenue|pricing|savings)\b/i),
  label('教育', 'Education', /学习|作业|考研|学校|专业|\b(education|school|students?|thesis|phd|degree)\b/i),
  label('医疗健康', 'Health', /失眠|健康|饮食|医|\b(health|sleep|medical|diet|marathon)\b/i),
  label('法律', 'Law', /合同|权益|法律|赔偿|证照|\b(lease|legal|landlord|deposit|contract)\b/i),
  label('旅行', 'Travel', /旅游|旅行|行程|\b(travel|trip|itinerary)\b/i),
  label('文学创作', 'Creative writing', /诗|小说|故事|歌词|剧本|\b(poem|story|novel|lyrics|screenplay|fiction)\b/i),
  label('职场', 'Workplace and careers', /工作|职场|员工|面试|主管|团队|\b(career|job|manager|team|coworker|raise)\b/i),
  label('餐饮零售', 'Food and retail', /咖啡|奶茶|餐|烘焙|店|\b(coffee|restaurant|bakery|e-commerce|retail|shop)\b/i),
  label('游戏娱乐', 'Games and entertainment', /游戏|\b(games?|gaming|tabletop|podcast|youtube)\b/i),
];

const DEFAULT_DOMAIN: Readonly<Record<Intent, Label>> = {
  技术: label('软件开发', 'Software engineering', /./),
  创意: label('创意写作', 'Creative writing', /./),
  分析: label('商业分析', 'Business analysis', /./),
  咨询: label('个人生活', 'Personal life', /./),
};

export function subCategoryOf(intent: Intent, text: string, language: PromptLanguage): string {
  const found = SUB_CATEGORIES[intent].find((entry) => entry.pattern.test(text)) ?? SUB_CATEGORIES[intent][0];
  return found[language];
}

/** The subject area with the most cue matches; the intent's usual area when none match. */
export function domainOf(intent: Intent, text: string, language: PromptLanguage): string {
  let best: Label | undefined;
  let bestHits = 0;
  for (const entry of DOMAINS) {
    const hits = text.match(new RegExp(entry.pattern.source, 'gi'))?.length ?? 0;
    if (hits > bestHits) {
      best = entry;
      bestHits = hits;
    }
  }
  return (best ?? DEFAULT_DOMAIN[intent])[language];
}
