import { Intent } from '../../../../core/domain/prompt/intent';

/**
 * Hand-written cue phrases per intent, in Chinese and English: the everyday vocabulary of
 * each kind of request. A match becomes one feature (`cue:<intent>`) that the classifier
 * weighs like any other, learnt from the training corpus; the lists only widen its
 * vocabulary past that corpus.
 */
export const INTENT_CUES: Readonly<Record<Intent, RegExp>> = {
  技术: new RegExp(
    [
      '代码', '脚本', '函数', '编程', '程序', '报错', '错误码', '调试', '接口', '数据库', '部署', '服务器', '配置', '算法',
      '前端', '后端', '框架', '组件', '编译', '崩溃', '内存', '性能', '重构', '单元测试', '测试用例', '容器', '正则', '缓存',
      '线程', '并发', '架构', '微服务', '流水线', '爬虫', '依赖', '源码', '开发', '运维', '实现一个', '写一个.{0,8}(工具|服务|接口|类|方法)',
      '\\b(code|coding|script|function|bug|error|exception|traceback|debug|compile|deploy|server|database|sql|query|api|endpoint)\\b',
      '\\b(regex|refactor|unit tests?|library|framework|kubernetes|k8s|docker|bash|shell|python|java|javascript|typescript)\\b',
      '\\b(node(\\.js)?|react|vue|golang|rust|c\\+\\+|nginx|linux|git|github|ci|pipeline|async|await|memory leak|crash(es)?)\\b',
      '\\b(configure|install|repo|implement|backend|frontend|latency|cache|thread|container|aws|django|flask)\\b',
    ].join('|'),
    'i',
  ),
  创意: new RegExp(
    [
      '写一首', '诗', '故事', '小说', '文案', '起名', '取名', '名字', '口号', '广告语', '剧本', '小品', '歌词', '创作',
      '构思', '想象', '世界观', '祝福', '标题', '童话', '台词', '散文', '誓词', '改编', '创意',
      '\\b(poem|poetry|story|stories|lyrics|song|slogan|tagline|captions?|names? for|character|fantasy)\\b',
      '\\b(haiku|brainstorm|creative|invent|imagine|fable|fairy tale|novel|chapter|villain|mascot|monologue|verse)\\b',
    ].join('|'),
    'i',
  ),
  分析: new RegExp(
    [
      '分析', '对比', '比较', '评估', '数据', '趋势', '原因', '拆解', '总结', '归纳', '报告', '调研', '问卷', '指标', '增长',
      '下降', '占比', '转化率', '留存', '相关性', '竞品', '财报', '营收', '影响', '优缺点', '优劣', '解读',
      '结论', '统计', '预测', '份额', '画像',
      '\\b(analy[sz]e|analysis|analytics|compare|comparison|evaluate|assess(ment)?|trends?|data|dataset|metrics?|reports?|findings)\\b',
      '\\b(summari[sz]e|correlation|significan(t|ce)|conversion|competitive|interpret)\\b',
      '\\b(pros and cons|break ?down|survey|forecast|benchmark|patterns?|impact)\\b',
    ].join('|'),
    'i',
  ),
  咨询: new RegExp(
    [
      '建议', '应该', '该怎么', '怎么办', '我该', '要不要', '还是', '适合我', '推荐', '如何选择', '纠结', '权益', '怎么处理',
      '需要注意', '注意什么', '规划', '值得',
      '\\b(should i|advice|what should|recommend|tips|how should i|is it worth|best way to)\\b',
      '\\b(what do you suggest|how can i|my (boss|manager|landlord|partner|parents|son|daughter|wife|husband))\\b',
      '\\b(should we|what would you|help me decide|i feel)\\b',
    ].join('|'),
    'i',
  ),
};
